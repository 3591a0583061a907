// /instructor: the studio where trainers and admins build courses. Its guard is real now; its content arrives with the instructor issue.
import { useTranslation } from "react-i18next";
import { requireRole, STAFF_ROLES } from "../auth/guards.server";
import { EmptyState } from "../components/empty-state";
import { PageIntro } from "../components/page-intro";
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
  return (
    <>
      <PageIntro title={t("account.instructorTitle")} />
      <EmptyState message={t("account.instructorEmpty")} />
    </>
  );
}
