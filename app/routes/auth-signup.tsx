// /auth/signup: a placeholder until the accounts issue builds the real form.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageIntro } from "../components/page-intro";
import { useLocalizePath } from "../i18n/use-locale";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/auth-signup";

export function loader({ request, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  return { meta: page.meta(page.t("auth.signupTitle"), page.t("auth.signupMeta")) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function Signup() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <>
      <PageIntro title={t("auth.signupTitle")} lead={t("auth.comingSoon")} />
      <div className="mx-auto flex max-w-3xl flex-wrap justify-center gap-3 px-4 py-12">
        <Link
          to={localize("/courses")}
          className="rounded-md bg-coral-500 px-6 py-3 font-semibold text-white"
        >
          {t("auth.browseCourses")}
        </Link>
        <Link to={localize("/contact")} className="rounded-md border border-ink/20 px-6 py-3 font-semibold">
          {t("auth.contactUs")}
        </Link>
      </div>
    </>
  );
}
