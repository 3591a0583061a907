// /my-enrollments: the courses a signed-in learner is enrolled in. Its guard is real now; its content arrives with the commerce issue.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireUser } from "../auth/guards.server";
import { PageIntro } from "../components/page-intro";
import { useLocalizePath } from "../i18n/use-locale";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/my-enrollments";

export const handle = { i18n: ["auth"] };

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  const page = pageContext(request, context);
  return { meta: page.meta(page.t("auth:account.enrollmentsTitle"), page.t("auth:account.enrollmentsMeta")) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function Page() {
  const { t } = useTranslation("auth");
  const localize = useLocalizePath();
  return (
    <>
      <PageIntro title={t("account.enrollmentsTitle")} />
      <div className="mx-auto max-w-3xl px-4 py-16 text-center" data-testid="empty-state">
        <p className="text-lg text-ink/75">{t("account.enrollmentsEmpty")}</p>
        <Link
          to={localize("/courses")}
          className="mt-6 inline-block rounded-md bg-coral-500 px-6 py-3 font-semibold text-white"
        >
          {t("account.browse")}
        </Link>
      </div>
    </>
  );
}
