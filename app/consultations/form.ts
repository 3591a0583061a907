// The admin page's availability form (/dashboard/admin/consultations) and the stored availability, each into
// the other. Pure: a day is open when its box is ticked, with `start-<day>` and `end-<day>` (0 is Sunday);
// closed dates are one per line. unit-tested in tests/unit/consultation-slots.test.ts.
import { type Availability, WEEKDAYS } from "./policy";

export type AvailabilityForm = Record<string, string>;

const integer = (value: string | undefined): number | string => {
  const text = (value ?? "").trim();
  return /^\d{1,6}$/.test(text) ? Number(text) : text;
};

/** What the form sent, as the input `AvailabilityInput` checks (anything unreadable stays a string, refused). */
export function availabilityFromForm(fields: AvailabilityForm): Record<string, unknown> {
  return {
    timeZone: (fields.timeZone ?? "").trim(),
    slotMinutes: integer(fields.slotMinutes),
    bufferMinutes: integer(fields.bufferMinutes),
    horizonDays: integer(fields.horizonDays),
    minNoticeHours: integer(fields.minNoticeHours),
    weekly: WEEKDAYS.filter((day) => fields[`open-${day}`] === "on").map((day) => ({
      day,
      start: (fields[`start-${day}`] ?? "").trim(),
      end: (fields[`end-${day}`] ?? "").trim(),
    })),
    closedDates: (fields.closedDates ?? "")
      .split(/[\s,]+/)
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

/** The stored availability as the form's fields. */
export function availabilityToForm(availability: Availability): AvailabilityForm {
  const fields: AvailabilityForm = {
    timeZone: availability.timeZone,
    slotMinutes: String(availability.slotMinutes),
    bufferMinutes: String(availability.bufferMinutes),
    horizonDays: String(availability.horizonDays),
    minNoticeHours: String(availability.minNoticeHours),
    closedDates: availability.closedDates.join("\n"),
  };
  for (const day of WEEKDAYS) {
    const hours = availability.weekly.find((entry) => entry.day === day);
    if (hours) fields[`open-${day}`] = "on";
    fields[`start-${day}`] = hours?.start ?? "10:00";
    fields[`end-${day}`] = hours?.end ?? "16:00";
  }
  return fields;
}

/** The form field an issue of `AvailabilityInput` belongs to (`weekly.2.end` is the end of that row's day). */
export function formFieldOf(path: readonly PropertyKey[], input: Record<string, unknown>): string {
  const [first, index, property] = path;
  if (first === "weekly" && typeof index === "number") {
    const row = (input.weekly as { day: number }[] | undefined)?.[index];
    return row ? `${String(property ?? "start")}-${row.day}` : "weekly";
  }
  return String(first ?? "form");
}
