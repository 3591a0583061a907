// The course's Q&A page: a plain GET form (search, unanswered, mine, this lesson), the list, the pages.
import { Form, Link } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { QaFilters } from "../../qa/policy";
import type { QuestionSummary } from "../../qa/qa.server";
import { Pagination } from "../pagination";
import { QaLayout, QuestionRow } from "./shared";

export type QuestionsPageData = {
  courseId: number;
  courseTitle: string;
  filters: QaFilters;
  lessons: { id: number; title: string }[];
  items: QuestionSummary[];
  total: number;
  pages: number;
  canPost: boolean;
};

export function QuestionsPage({ data }: { data: QuestionsPageData }) {
  const { t } = useTranslation("qa");
  const localize = useLocalizePath();
  const { filters } = data;
  return (
    <QaLayout title={t("list.heading")} eyebrow={data.courseTitle}>
      <p className="mt-2 text-sm">
        <Link
          to={localize(`/courses/${data.courseId}/learn`)}
          className="font-semibold text-coral-700 hover:underline"
        >
          {t("list.backToCourse")}
        </Link>
      </p>
      <Form
        method="get"
        className="mt-6 flex flex-wrap items-end gap-4"
        role="search"
        data-testid="qa-filters"
      >
        <label className="block text-sm font-semibold">
          {t("list.search")}
          <input
            type="search"
            name="q"
            defaultValue={filters.q}
            dir="auto"
            className="mt-1 block rounded-md border border-ink/20 p-2 font-normal"
          />
        </label>
        <label className="block text-sm font-semibold">
          {t("list.lesson")}
          <select
            name="lesson"
            defaultValue={filters.lessonId ?? ""}
            className="mt-1 block max-w-xs rounded-md border border-ink/20 p-2 font-normal"
          >
            <option value="">{t("list.allLessons")}</option>
            {data.lessons.map((lesson) => (
              <option key={lesson.id} value={lesson.id}>
                {lesson.title}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="unanswered" value="1" defaultChecked={filters.unanswered} />
          {t("list.unanswered")}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="mine" value="1" defaultChecked={filters.mine} />
          {t("list.mine")}
        </label>
        <button
          type="submit"
          className="rounded-md bg-ink px-4 py-2 font-semibold text-white hover:bg-ink/90"
        >
          {t("list.apply")}
        </button>
      </Form>
      <p className="mt-4 text-sm text-ink/70" data-testid="qa-total">
        {t("list.total", { count: data.total })}
      </p>
      {data.items.length === 0 ? (
        <p className="mt-4 text-ink/70">{t("list.empty")}</p>
      ) : (
        <ol className="mt-4 space-y-3" data-testid="qa-list">
          {data.items.map((item) => (
            <QuestionRow key={item.id} item={item} canVote={data.canPost} />
          ))}
        </ol>
      )}
      <Pagination page={filters.page} pageCount={data.pages} />
    </QaLayout>
  );
}
