// /instructor: the studio where trainers and admins build courses. Its guard is real now; its content arrives with the instructor issue.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireRole, STAFF_ROLES } from "../auth/guards.server";
import { PageIntro } from "../components/page-intro";
import { useLocalizePath } from "../i18n/use-locale";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/instructor";

export const handle = { i18n: ["auth"] };

export function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, STAFF_ROLES);
  const page = pageContext(request, context);
  return { meta: page.meta(page.t("auth:account.instructorTitle"), page.t("auth:account.instructorMeta")) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function Page() {
  const { t } = useTranslation("auth");
  const localize = useLocalizePath();
  return (
    <>
      <PageIntro title={t("account.instructorTitle")} />
      <div className="mx-auto max-w-3xl px-4 py-16 text-center" data-testid="empty-state">
        <p className="text-lg text-ink/75">{t("account.instructorEmpty")}</p>
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
