// The analytics pages' period selector: a GET form, so the period lives in the URL and works without JS.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { useTranslation } from "../../i18n/use-translation";

export const PERIOD_CHOICES = ["30", "90", "365"] as const;

export function PeriodForm({ period, children }: { period: number; children?: ReactNode }) {
  const { t } = useTranslation("analytics");
  return (
    <Form
      method="get"
      // A new period remounts the form, so its select shows the URL's value after client navigation too.
      key={period}
      aria-label={t("period.formLabel")}
      className="flex flex-wrap items-end gap-3 rounded-xl bg-sand p-4"
      data-testid="period-form"
    >
      {children}
      <div>
        <label htmlFor="analytics-period" className="block text-sm font-semibold">
          {t("period.label")}
        </label>
        <select
          id="analytics-period"
          name="period"
          defaultValue={String(period)}
          className="mt-1 rounded-md border border-ink/20 bg-white px-2 py-1.5 text-sm"
        >
          {PERIOD_CHOICES.map((days) => (
            <option key={days} value={days}>
              {t(`period.options.${days}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="rounded-md bg-ink px-4 py-1.5 text-sm font-semibold text-white">
        {t("period.apply")}
      </button>
    </Form>
  );
}
