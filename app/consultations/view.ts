// The open slots as a page shows them: grouped by their day in the agency's zone, labelled in the page's
// language. Pure; the routes pass what `listOpenSlots` found.
import { formatDay, formatTime } from "./format";
import { zonedDate } from "./policy";

export type SlotDayView = { date: string; label: string; slots: { start: string; label: string }[] };

export function slotDays(
  slots: readonly { start: Date }[],
  timeZone: string,
  locale: string,
  maxDays = 14,
): SlotDayView[] {
  const days: SlotDayView[] = [];
  for (const slot of slots) {
    const date = zonedDate(slot.start.getTime(), timeZone);
    let day = days.at(-1);
    if (day?.date !== date) {
      if (days.length >= maxDays) break;
      day = { date, label: formatDay(slot.start, locale, timeZone), slots: [] };
      days.push(day);
    }
    day.slots.push({ start: slot.start.toISOString(), label: formatTime(slot.start, locale, timeZone) });
  }
  return days;
}
