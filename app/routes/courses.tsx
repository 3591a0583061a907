// /courses: the catalog. Search, category and sort are one GET form whose state lives in the URL, so it
// works without JavaScript and every result page can be shared.
import { Form, Link, useNavigation } from "react-router";
import { CourseCard } from "../components/cards";
import { PageIntro } from "../components/page-intro";
import { Pagination } from "../components/pagination";
import { courseCardView, listPublishedCourses, readCatalogFilters } from "../courses/catalog.server";
import { COURSE_CATEGORIES } from "../courses/categories";
import { COURSE_SORTS } from "../courses/sorts";
import { getDb } from "../db/context";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { readPublic } from "../lib/public-reads.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/courses";

export const handle = { i18n: ["catalog", "reviews"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageContext(request, context);
  const pageNumber = parsePage(url);
  const filters = readCatalogFilters(url.searchParams);
  const query = { ...filters, limit: PAGE_SIZE, offset: (pageNumber - 1) * PAGE_SIZE };
  const { items, total } = await readPublic(context, "catalog", ["courses", page.locale, query], () =>
    listPublishedCourses(getDb(context), page.locale, query),
  );
  return {
    meta: page.listMeta(
      page.t("catalog:courses.title"),
      page.t("catalog:courses.metaDescription"),
      pageNumber,
    ),
    courses: items.map((card) => courseCardView(card, page.price)),
    filters,
    total,
    page: pageNumber,
    pageCount: Math.ceil(total / PAGE_SIZE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function Courses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["catalog", "common"]);
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const { courses, total, page, pageCount, filters } = loaderData;
  const filtering = Boolean(filters.q || filters.category);
  const searching = navigation.state === "loading" && navigation.location.pathname === localize("/courses");
  const fieldClass = "mt-1 block w-full rounded-md border border-ink/20 bg-white px-3 py-2";
  return (
    <>
      <PageIntro title={t("catalog:courses.title")} lead={t("catalog:courses.lead")}>
        {/* Changing a filter starts again at page 1: the form carries no page field. */}
        <Form
          method="get"
          role="search"
          className="mt-8 grid gap-3 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2 sm:items-end lg:grid-cols-[1fr_14rem_12rem_auto]"
        >
          <div>
            <label htmlFor="catalog-q" className="text-sm font-semibold">
              {t("catalog:filters.search")}
            </label>
            <input
              id="catalog-q"
              name="q"
              type="search"
              defaultValue={filters.q}
              maxLength={100}
              placeholder={t("catalog:filters.searchPlaceholder")}
              className={fieldClass}
            />
          </div>
          <div>
            <label htmlFor="catalog-category" className="text-sm font-semibold">
              {t("common:categories.label")}
            </label>
            <select
              id="catalog-category"
              name="category"
              defaultValue={filters.category ?? ""}
              className={fieldClass}
            >
              <option value="">{t("catalog:filters.allCategories")}</option>
              {COURSE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`common:categories.${category}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="catalog-sort" className="text-sm font-semibold">
              {t("catalog:filters.sort")}
            </label>
            <select id="catalog-sort" name="sort" defaultValue={filters.sort} className={fieldClass}>
              {COURSE_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`catalog:filters.sorts.${sort}`)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            className="rounded-md bg-coral-600 px-5 py-2 font-semibold text-white hover:bg-coral-700"
          >
            {t("catalog:filters.apply")}
          </button>
        </Form>
        <p className="mt-4 text-sm font-semibold text-ink/70" aria-live="polite" data-testid="course-count">
          {searching ? t("catalog:filters.searching") : t("catalog:courses.count", { count: total })}
          {filtering ? (
            <Link to={localize("/courses")} className="ms-3 text-coral-700 hover:underline">
              {t("catalog:filters.clear")}
            </Link>
          ) : null}
        </p>
      </PageIntro>
      <div className="mx-auto max-w-7xl px-4 py-12">
        {courses.length === 0 ? (
          <div
            className="rounded-xl border border-dashed border-ink/20 p-10 text-center"
            data-testid="catalog-empty"
          >
            <p className="text-lg font-semibold">
              {filtering ? t("catalog:filters.noResults") : t("catalog:courses.empty")}
            </p>
            {filtering ? <p className="mt-2 text-ink/70">{t("catalog:filters.noResultsHint")}</p> : null}
          </div>
        ) : (
          // A page holds 10 courses (SPEC §9): two columns, then five from 1280 px, leave no orphan card in a
          // full page, where three or four did (issue 50, item 7).
          <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-5" data-testid="course-list">
            {courses.map((course, index) => (
              <CourseCard key={course.id} course={course} headingLevel={2} priority={index === 0} />
            ))}
          </div>
        )}
        <Pagination page={page} pageCount={pageCount} />
      </div>
    </>
  );
}
