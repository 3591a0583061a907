// The open slots as radio buttons, one group per day, in the agency's time zone. With JavaScript, each slot
// also shows the visitor's own time when their zone is another (read from the browser after hydration, so the
// server's page and the first render agree). Used by /consultation and by a booking's move form.
import { useEffect, useState } from "react";
import { formatTime } from "../../consultations/format";
import { useTranslation } from "../../i18n/use-translation";

export type SlotDay = { date: string; label: string; slots: { start: string; label: string }[] };

/** The browser's own time zone when it differs from `agencyZone`; null on the server and before hydration. */
function useVisitorZone(agencyZone: string): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (own && own !== agencyZone) setZone(own);
  }, [agencyZone]);
  return zone;
}

export function SlotPicker({
  days,
  timeZone,
  locale,
  idPrefix,
  selected,
  error,
}: {
  days: SlotDay[];
  timeZone: string;
  locale: string;
  idPrefix: string;
  selected?: string;
  error?: string;
}) {
  const { t } = useTranslation("consultations");
  const visitorZone = useVisitorZone(timeZone);
  return (
    <div id={`${idPrefix}start`} tabIndex={-1} className="space-y-5" data-testid="slot-picker">
      <p className="text-sm text-ink/80">{t("timesIn", { zone: timeZone })}</p>
      {error ? (
        <p id={`${idPrefix}start-error`} className="text-sm text-red-700" data-field-error="start">
          {error}
        </p>
      ) : null}
      {days.map((day) => (
        <fieldset key={day.date} className="rounded-lg border border-ink/15 p-4">
          <legend className="px-1 font-semibold">{day.label}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {day.slots.map((slot) => (
              <label
                key={slot.start}
                className="flex cursor-pointer flex-col rounded-md border border-ink/20 px-3 py-2 has-checked:border-coral-600 has-checked:bg-coral-600/10"
              >
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="start"
                    value={slot.start}
                    defaultChecked={slot.start === selected}
                    aria-describedby={error ? `${idPrefix}start-error` : undefined}
                    data-testid="slot"
                  />
                  <span dir="ltr">{slot.label}</span>
                </span>
                {visitorZone ? (
                  <span className="text-xs text-ink/70" data-testid="visitor-time">
                    {t("yourTime", {
                      time: `${formatTime(new Date(slot.start), locale, visitorZone)} (${visitorZone})`,
                    })}
                  </span>
                ) : null}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
