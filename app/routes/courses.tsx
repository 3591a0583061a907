// /courses: the read-only catalog of published courses, 10 per page (search and filters arrive with commerce).
import { useTranslation } from "react-i18next";
import { CourseCard } from "../components/cards";
import { PageIntro } from "../components/page-intro";
import { Pagination } from "../components/pagination";
import { courseCardView, listPublishedCourses } from "../courses/catalog.server";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { getDb } from "../middleware/database.server";
import type { Route } from "./+types/courses";

export const handle = { i18n: ["catalog"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const pageNumber = parsePage(new URL(request.url));
  const { items, total } = await listPublishedCourses(getDb(context), page.locale, {
    limit: PAGE_SIZE,
    offset: (pageNumber - 1) * PAGE_SIZE,
  });
  return {
    meta: page.meta(page.t("catalog:courses.title"), page.t("catalog:courses.metaDescription")),
    courses: items.map((card) => courseCardView(card, page.price)),
    total,
    page: pageNumber,
    pageCount: Math.ceil(total / PAGE_SIZE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function Courses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("catalog");
  const { courses, total, page, pageCount } = loaderData;
  return (
    <>
      <PageIntro title={t("courses.title")} lead={t("courses.lead")}>
        <p className="mt-4 text-sm font-semibold text-ink/60">{t("courses.count", { count: total })}</p>
      </PageIntro>
      <div className="mx-auto max-w-7xl px-4 py-12">
        {courses.length === 0 ? (
          <p className="rounded-xl border border-dashed border-ink/20 p-10 text-center text-ink/70">
            {t("courses.empty")}
          </p>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="course-list">
            {courses.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </div>
        )}
        <Pagination page={page} pageCount={pageCount} />
      </div>
    </>
  );
}
