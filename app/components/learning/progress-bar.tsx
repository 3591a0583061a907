// A course's completion as a bar with its numbers written out ("3 of 8 lessons completed · 37%").
import { useTranslation } from "../../i18n/use-translation";

export function CourseProgressBar({
  completedLessons,
  totalLessons,
  percent,
  className = "",
}: {
  completedLessons: number;
  totalLessons: number;
  percent: number;
  className?: string;
}) {
  const { t } = useTranslation("learning");
  const summary = t("progress.summary", { completed: completedLessons, count: totalLessons });
  return (
    <div className={className} data-testid="course-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="text-ink/75" data-testid="course-progress-summary">
          {summary}
        </span>
        <span className="font-semibold" data-testid="course-progress-percent">
          {t("progress.percent", { percent })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t("progress.label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${t("progress.percent", { percent })} — ${summary}`}
        className="mt-1 h-2 overflow-hidden rounded-full bg-ink/10"
      >
        <div className="h-full rounded-full bg-teal" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
