// The course editor's header: back to the list, the editor's sections and the public course page.
import { Link, NavLink } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";

export function EditorNav({ courseId, isPublished }: { courseId: number; isPublished: boolean }) {
  const { t } = useTranslation("studio");
  const localize = useLocalizePath();
  const tab =
    "rounded-t-md border-b-2 px-4 py-2 font-semibold aria-[current=page]:border-coral-500 aria-[current=page]:text-coral-700 border-transparent hover:text-coral-700";
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
      <nav aria-label={t("tabs.label")} className="flex flex-wrap gap-2">
        <NavLink end to={localize(`/instructor/courses/${courseId}`)} className={tab}>
          {t("tabs.landing")}
        </NavLink>
        <NavLink
          end
          to={localize(`/instructor/courses/${courseId}/curriculum`)}
          className={tab}
          data-testid="tab-curriculum"
        >
          {t("tabs.curriculum")}
        </NavLink>
        <NavLink
          end
          to={localize(`/instructor/courses/${courseId}/learners`)}
          className={tab}
          data-testid="tab-learners"
        >
          {t("tabs.learners")}
        </NavLink>
        <NavLink
          end
          to={localize(`/instructor/courses/${courseId}/announcements`)}
          className={tab}
          data-testid="tab-announcements"
        >
          {t("tabs.announcements")}
        </NavLink>
      </nav>
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <span
          data-testid="course-status"
          className={`rounded px-2 py-0.5 text-xs font-bold ${isPublished ? "bg-teal/15 text-teal-700" : "bg-amber-200 text-ink"}`}
        >
          {isPublished ? t("status.published") : t("status.draft")}
        </span>
        <Link to={localize(`/courses/${courseId}`)} className="font-semibold text-coral-700 hover:underline">
          {t("tabs.view")}
        </Link>
        <Link to={localize("/instructor")} className="font-semibold text-coral-700 hover:underline">
          {t("tabs.back")}
        </Link>
      </div>
    </div>
  );
}
