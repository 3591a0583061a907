// How the analytics figures are counted: the period, UTC, refunds and, where learners appear, completion.
import { useTranslation } from "../../i18n/use-translation";

export function AnalyticsNotes({ withLearners = false }: { withLearners?: boolean }) {
  const { t } = useTranslation("analytics");
  return (
    <section aria-labelledby="analytics-notes" className="mt-10 max-w-3xl text-sm text-ink/75">
      <h2 id="analytics-notes" className="text-base font-bold text-ink">
        {t("notes.heading")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        <li>{t("notes.window")}</li>
        <li>{t("notes.revenue")}</li>
        {withLearners ? <li>{t("notes.learners")}</li> : null}
      </ul>
    </section>
  );
}
