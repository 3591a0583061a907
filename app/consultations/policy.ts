// The consultations' rules that need no database (issue 48, item 4): the availability settings and their
// checks, the booking form's fields, and the open slots of a range of days — pure, so the time-zone
// arithmetic is unit-tested across daylight-saving changes (tests/unit/consultation-slots.test.ts).
import { z } from "zod";
import { phoneNumber } from "../leads/policy";
import { emailAddress, safeText } from "../lib/validation";

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const; // 0 is Sunday, as Date#getUTCDay counts.

export const DEFAULT_TIME_ZONE = "Asia/Riyadh";

/**
 * The time zones an admin may choose: the IANA names this runtime's Intl knows, and UTC. A closed list, so the
 * API document states exactly what the server takes.
 */
export const TIME_ZONES: readonly string[] = [
  ...new Set([
    ...(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []),
    "UTC",
  ]),
].sort();

export const isTimeZone = (name: string): boolean => TIME_ZONES.includes(name);

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
/** `HH:MM` as minutes after midnight. */
export const clockMinutes = (value: string): number =>
  Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));

const clock = z.string({ error: "errors.timeInvalid" }).regex(CLOCK, { error: "errors.timeInvalid" });

/** One weekday's open hours, in the agency's time zone. */
export const DayHours = z
  .strictObject({
    day: z.int({ error: "errors.dayInvalid" }).min(0, { error: "errors.dayInvalid" }).max(6, {
      error: "errors.dayInvalid",
    }),
    start: clock,
    end: clock,
  })
  .refine((value) => clockMinutes(value.start) < clockMinutes(value.end), {
    error: "errors.hoursOrder",
    path: ["end"],
  });

/** The availability admins set (`PUT /api/admin/consultations/availability` and the admin page). */
export const AvailabilityInput = z.strictObject({
  timeZone: z.enum(TIME_ZONES as [string, ...string[]], { error: "errors.timeZoneInvalid" }),
  slotMinutes: z
    .int({ error: "errors.slotInvalid" })
    .min(10, { error: "errors.slotInvalid" })
    .max(240, { error: "errors.slotInvalid" }),
  bufferMinutes: z
    .int({ error: "errors.bufferInvalid" })
    .min(0, { error: "errors.bufferInvalid" })
    .max(240, { error: "errors.bufferInvalid" }),
  horizonDays: z
    .int({ error: "errors.horizonInvalid" })
    .min(1, { error: "errors.horizonInvalid" })
    .max(365, { error: "errors.horizonInvalid" }),
  minNoticeHours: z
    .int({ error: "errors.noticeInvalid" })
    .min(0, { error: "errors.noticeInvalid" })
    .max(720, { error: "errors.noticeInvalid" }),
  weekly: z
    .array(DayHours, { error: "errors.weeklyInvalid" })
    .max(7, { error: "errors.weeklyInvalid" })
    .refine((days) => new Set(days.map((day) => day.day)).size === days.length, {
      error: "errors.weeklyInvalid",
    }),
  closedDates: z
    .array(z.iso.date({ error: "errors.closedDateInvalid" }), { error: "errors.closedDateInvalid" })
    .max(366, { error: "errors.closedDateInvalid" })
    .refine((dates) => dates.every((date) => /^2[01]\d\d-/.test(date)), {
      error: "errors.closedDateInvalid",
    }),
});
export type Availability = z.infer<typeof AvailabilityInput>;

/** Before an admin saves any: Sunday to Thursday, 10:00–16:00 in Riyadh, 45-minute calls on the hour. */
export const DEFAULT_AVAILABILITY: Availability = {
  timeZone: DEFAULT_TIME_ZONE,
  slotMinutes: 45,
  bufferMinutes: 15,
  horizonDays: 30,
  minNoticeHours: 12,
  weekly: [0, 1, 2, 3, 4].map((day) => ({ day, start: "10:00", end: "16:00" })),
  closedDates: [],
};

/** Sorted and without repeats, as it is stored. */
export function normalizeAvailability(value: Availability): Availability {
  return {
    ...value,
    weekly: [...value.weekly].sort((a, b) => a.day - b.day),
    closedDates: [...new Set(value.closedDates)].sort(),
  };
}

// ---- Time zones with Intl alone: the offset of a zone at an instant, and a zone's wall time as an instant.

const partFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `timeZone` at `instant` (ms), read as if it were UTC (ms). */
function wallClockAsUtc(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** `timeZone`'s offset from UTC at `instant`, in ms (Riyadh: +3 h; London in summer: +1 h). */
export function zoneOffset(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockAsUtc(whole, timeZone) - whole;
}

/**
 * The instant at which `timeZone`'s clocks show `minutes` after midnight of `date` (`YYYY-MM-DD`). A wall time
 * that happens twice (clocks go back) is its later occurrence; one that never happens (clocks go forward) is
 * read with the offset before the change, so it lands as far after the gap as it was into it (as Temporal's
 * "compatible" disambiguation does).
 */
export function zonedTime(date: string, minutes: number, timeZone: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day) + minutes * 60_000;
  const before = zoneOffset(wall - 26 * 3_600_000, timeZone);
  const after = zoneOffset(wall + 26 * 3_600_000, timeZone);
  const first = wall - zoneOffset(wall, timeZone);
  if (zoneOffset(first, timeZone) === wall - first) {
    // The wall time exists. If it exists twice, take the later instant (the offset after the change).
    const later = wall - after;
    if (later !== first && zoneOffset(later, timeZone) === after) return Math.max(first, later);
    return first;
  }
  const second = wall - zoneOffset(first, timeZone);
  if (zoneOffset(second, timeZone) === wall - second) return second;
  // In the gap: the offset before the change.
  return wall - before;
}

/** The calendar date (`YYYY-MM-DD`) in `timeZone` at `instant`. */
export function zonedDate(instant: number, timeZone: string): string {
  return new Date(wallClockAsUtc(instant, timeZone)).toISOString().slice(0, 10);
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 0 (Sunday) to 6 for a calendar date; a date's weekday is the same in every zone. */
export function weekdayOf(date: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export type Slot = { start: Date; end: Date };
export type Busy = { start: Date; end: Date };

/** At most this many days in one question for slots (the API's `from`..`to`). */
export const MAX_RANGE_DAYS = 62;

/**
 * The open slots from `from` to `to` (calendar dates in the agency's zone, both included). Each open day's
 * window runs from its start to its end as instants, so a day whose clocks change has the hours it really has;
 * slots follow each other every `slotMinutes + bufferMinutes`. A slot is open when it starts at least
 * `minNoticeHours` after `now`, no later than `horizonDays` after it, the day is not closed, and it does not
 * overlap a booking (`busy`).
 */
export function openSlots(
  availability: Availability,
  { from, to, now, busy = [] }: { from: string; to: string; now: Date; busy?: readonly Busy[] },
): Slot[] {
  const { timeZone, slotMinutes, bufferMinutes } = availability;
  const slotMs = slotMinutes * 60_000;
  const stepMs = (slotMinutes + bufferMinutes) * 60_000;
  const earliest = now.getTime() + availability.minNoticeHours * 3_600_000;
  const latest = now.getTime() + availability.horizonDays * 86_400_000;
  const closed = new Set(availability.closedDates);
  const hours = new Map(availability.weekly.map((entry) => [entry.day, entry]));
  const taken = busy.map((entry) => [entry.start.getTime(), entry.end.getTime()] as const);
  const slots: Slot[] = [];
  for (let date = from, n = 0; date <= to && n <= MAX_RANGE_DAYS; date = addDays(date, 1), n++) {
    const open = hours.get(weekdayOf(date));
    if (!open || closed.has(date)) continue;
    const windowStart = zonedTime(date, clockMinutes(open.start), timeZone);
    const windowEnd = zonedTime(date, clockMinutes(open.end), timeZone);
    for (let start = windowStart; start + slotMs <= windowEnd; start += stepMs) {
      const end = start + slotMs;
      if (start < earliest || start > latest) continue;
      if (taken.some(([busyStart, busyEnd]) => start < busyEnd && busyStart < end)) continue;
      slots.push({ start: new Date(start), end: new Date(end) });
    }
  }
  return slots;
}

/** Whether `start` is one of the open slots (the booking's own check, before the database's constraint). */
export function findSlot(
  availability: Availability,
  start: Date,
  now: Date,
  busy: readonly Busy[] = [],
): Slot | null {
  const date = zonedDate(start.getTime(), availability.timeZone);
  // A window may begin the evening before in UTC terms: look at the day before and after too.
  const slots = openSlots(availability, { from: addDays(date, -1), to: addDays(date, 1), now, busy });
  return slots.find((slot) => slot.start.getTime() === start.getTime()) ?? null;
}

// ---- The booking form and POST /api/consultations.

const name = safeText({ max: 1000, error: "errors.nameRequired", tooLong: "errors.nameTooLong" })
  .trim()
  .min(1, { error: "errors.nameRequired" })
  .max(100, { error: "errors.nameTooLong" });
const topic = safeText({ max: 1000, error: "errors.topicRequired", tooLong: "errors.topicTooLong" })
  .trim()
  .min(3, { error: "errors.topicRequired" })
  .max(150, { error: "errors.topicTooLong" });
const message = safeText({ max: 20_000, error: "errors.messageTooLong", tooLong: "errors.messageTooLong" })
  .trim()
  .max(5000, { error: "errors.messageTooLong" })
  .optional()
  .transform((value) => (value ? value : undefined));
/** A slot's start as the API and the form send it: an ISO 8601 instant. */
const start = z.iso
  .datetime({ offset: true, error: "errors.slotRequired" })
  .refine((value) => /^2[01]\d\d-/.test(value), { error: "errors.slotRequired" })
  .transform((value) => new Date(value));

export const BookingInput = z.object({
  start,
  name,
  email: emailAddress("errors.emailInvalid"),
  phone: phoneNumber("errors.phoneInvalid"),
  topic,
  message,
  locale: z.enum(["en", "ar"], { error: "errors.localeInvalid" }).optional(),
});
export type BookingInput = z.infer<typeof BookingInput>;

/** The page's form: the same fields and a honeypot; the page's language is the booking's. */
export const BookingForm = BookingInput.omit({ locale: true }).extend({
  website: safeText({ max: 1000, error: "errors.nameRequired" }).optional(),
});

/** `GET /api/consultations/slots?from&to`: calendar dates in the agency's zone, at most 62 days. */
export const SlotsQuery = z
  .object({
    from: z.iso.date({ error: "errors.dateInvalid" }).refine((v) => /^2[01]\d\d-/.test(v), {
      error: "errors.dateInvalid",
    }),
    to: z.iso.date({ error: "errors.dateInvalid" }).refine((v) => /^2[01]\d\d-/.test(v), {
      error: "errors.dateInvalid",
    }),
  })
  .refine((value) => value.from <= value.to && value.to <= addDays(value.from, MAX_RANGE_DAYS - 1), {
    error: "errors.rangeInvalid",
    path: ["to"],
  });

/** The move form: a new start. */
export const MoveInput = z.object({ start });

export const BOOKING_STATUSES = ["confirmed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The reminder goes out this long before the call. */
export const REMINDER_LEAD_MS = 24 * 3_600_000;

/**
 * When the reminder is due: a day before the call, or null for a call that starts within a day of `now`
 * (its confirmation has just gone out).
 */
export function reminderAt(start: Date, now: Date): Date | null {
  const due = start.getTime() - REMINDER_LEAD_MS;
  return due > now.getTime() ? new Date(due) : null;
}
