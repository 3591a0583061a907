// The consultations' pure rules (issue 48, item 4): a zone's wall time as an instant, and the open slots of a
// range of days — in Riyadh (no daylight saving), and across the changes of London and New York.
import { describe, expect, it } from "vitest";
import { availabilityFromForm, availabilityToForm, formFieldOf } from "../../app/consultations/form";
import {
  type Availability,
  AvailabilityInput,
  addDays,
  BookingInput,
  DEFAULT_AVAILABILITY,
  findSlot,
  isTimeZone,
  openSlots,
  reminderAt,
  SlotsQuery,
  weekdayOf,
  zonedDate,
  zonedTime,
} from "../../app/consultations/policy";
import { slotDays } from "../../app/consultations/view";

const iso = (instant: number | Date) => new Date(instant).toISOString();
const starts = (slots: { start: Date }[]) => slots.map((slot) => slot.start.toISOString());

/** Every day open 00:00–24:00 is too much; these tests open one weekday's window. */
function everyDay(
  timeZone: string,
  start: string,
  end: string,
  more: Partial<Availability> = {},
): Availability {
  return {
    timeZone,
    slotMinutes: 60,
    bufferMinutes: 0,
    horizonDays: 365,
    minNoticeHours: 0,
    weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start, end })),
    closedDates: [],
    ...more,
  };
}

const LONG_AGO = new Date("2026-01-01T00:00:00Z");
/** A few days before the default availability's tests: inside its 30-day horizon. */
const NEAR = new Date("2026-12-01T00:00:00Z");

describe("zonedTime", () => {
  it("reads Riyadh's wall clock at UTC+3 all year", () => {
    expect(iso(zonedTime("2026-01-15", 10 * 60, "Asia/Riyadh"))).toBe("2026-01-15T07:00:00.000Z");
    expect(iso(zonedTime("2026-07-15", 10 * 60, "Asia/Riyadh"))).toBe("2026-07-15T07:00:00.000Z");
  });

  it("follows London's summer time: 10:00 is 10:00Z in winter and 09:00Z from the last Sunday of March", () => {
    expect(iso(zonedTime("2026-03-28", 600, "Europe/London"))).toBe("2026-03-28T10:00:00.000Z");
    expect(iso(zonedTime("2026-03-29", 600, "Europe/London"))).toBe("2026-03-29T09:00:00.000Z");
    expect(iso(zonedTime("2026-10-24", 600, "Europe/London"))).toBe("2026-10-24T09:00:00.000Z");
    expect(iso(zonedTime("2026-10-25", 600, "Europe/London"))).toBe("2026-10-25T10:00:00.000Z");
  });

  it("reads a wall time in the spring gap as far after it as it was into it", () => {
    // 01:30 does not exist in London on 2026-03-29 (01:00 GMT → 02:00 BST): it is 02:30 BST.
    expect(iso(zonedTime("2026-03-29", 90, "Europe/London"))).toBe("2026-03-29T01:30:00.000Z");
    // 02:30 does not exist in New York on 2026-03-08: it is 03:30 EDT.
    expect(iso(zonedTime("2026-03-08", 150, "America/New_York"))).toBe("2026-03-08T07:30:00.000Z");
  });

  it("takes the later of a wall time that happens twice in the autumn", () => {
    // 01:30 happens twice in New York on 2026-11-01: EDT (05:30Z) then EST (06:30Z).
    expect(iso(zonedTime("2026-11-01", 90, "America/New_York"))).toBe("2026-11-01T06:30:00.000Z");
    expect(iso(zonedTime("2026-10-25", 90, "Europe/London"))).toBe("2026-10-25T01:30:00.000Z");
  });

  it("knows the calendar date of an instant in a zone", () => {
    expect(zonedDate(Date.parse("2026-12-06T22:00:00Z"), "Asia/Riyadh")).toBe("2026-12-07");
    expect(zonedDate(Date.parse("2026-12-06T22:00:00Z"), "America/New_York")).toBe("2026-12-06");
    expect(weekdayOf("2026-12-06")).toBe(0);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe("openSlots", () => {
  it("offers Sunday to Thursday 10:00–16:00 in Riyadh by default, 45-minute calls on the hour", () => {
    // 2026-12-06 is a Sunday; the week runs to Saturday 12th.
    const slots = openSlots(DEFAULT_AVAILABILITY, { from: "2026-12-06", to: "2026-12-12", now: NEAR });
    expect(slots).toHaveLength(5 * 6);
    expect(iso(slots[0]?.start ?? 0)).toBe("2026-12-06T07:00:00.000Z");
    expect(iso(slots[0]?.end ?? 0)).toBe("2026-12-06T07:45:00.000Z");
    expect(iso(slots[5]?.start ?? 0)).toBe("2026-12-06T12:00:00.000Z");
    // Friday and Saturday are closed.
    expect(
      starts(slots).some((start) => start.startsWith("2026-12-11") || start.startsWith("2026-12-12")),
    ).toBe(false);
  });

  it("gives London's day of the spring change one hour less, and every slot its real instant", () => {
    const availability = everyDay("Europe/London", "00:00", "04:00");
    expect(starts(openSlots(availability, { from: "2026-03-28", to: "2026-03-28", now: LONG_AGO }))).toEqual([
      "2026-03-28T00:00:00.000Z",
      "2026-03-28T01:00:00.000Z",
      "2026-03-28T02:00:00.000Z",
      "2026-03-28T03:00:00.000Z",
    ]);
    // 00:00 GMT, then 02:00 and 03:00 BST: three hours of clock between 00:00 and 04:00.
    expect(starts(openSlots(availability, { from: "2026-03-29", to: "2026-03-29", now: LONG_AGO }))).toEqual([
      "2026-03-29T00:00:00.000Z",
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T02:00:00.000Z",
    ]);
  });

  it("gives New York's day of the autumn change one hour more", () => {
    const availability = everyDay("America/New_York", "00:00", "04:00");
    const slots = openSlots(availability, { from: "2026-11-01", to: "2026-11-01", now: LONG_AGO });
    // 00:00 EDT (04:00Z) to 04:00 EST (09:00Z): five hours.
    expect(starts(slots)).toEqual([
      "2026-11-01T04:00:00.000Z",
      "2026-11-01T05:00:00.000Z",
      "2026-11-01T06:00:00.000Z",
      "2026-11-01T07:00:00.000Z",
      "2026-11-01T08:00:00.000Z",
    ]);
  });

  it("keeps office hours at the same wall time across a change, in New York", () => {
    const availability = everyDay("America/New_York", "09:00", "10:00");
    const slots = openSlots(availability, { from: "2026-03-07", to: "2026-03-09", now: LONG_AGO });
    expect(starts(slots)).toEqual([
      "2026-03-07T14:00:00.000Z", // EST, UTC-5
      "2026-03-08T13:00:00.000Z", // EDT from that morning, UTC-4
      "2026-03-09T13:00:00.000Z",
    ]);
  });

  it("has no change in Riyadh on those days", () => {
    const availability = everyDay("Asia/Riyadh", "00:00", "04:00");
    for (const date of ["2026-03-29", "2026-10-25", "2026-03-08", "2026-11-01"]) {
      const slots = openSlots(availability, { from: date, to: date, now: LONG_AGO });
      expect(slots).toHaveLength(4);
      expect(iso(slots[0]?.start ?? 0)).toBe(`${addDays(date, -1)}T21:00:00.000Z`);
    }
  });

  it("leaves out closed dates, taken slots, slots inside the least notice and past the horizon", () => {
    const availability = everyDay("Asia/Riyadh", "10:00", "13:00", {
      closedDates: ["2026-12-08"],
      minNoticeHours: 2,
      horizonDays: 3,
    });
    const now = new Date("2026-12-07T06:30:00Z"); // 09:30 in Riyadh
    const busy = [{ start: new Date("2026-12-07T09:00:00Z"), end: new Date("2026-12-07T10:00:00Z") }];
    const slots = openSlots(availability, { from: "2026-12-07", to: "2026-12-10", now, busy });
    // The 7th: 10:00 and 11:00 are inside the notice (before 11:30), 12:00 is booked. The 8th is closed. The
    // 10th's first slot (07:00Z) is past the three days' horizon (06:30Z on the 10th).
    expect(starts(slots)).toEqual([
      "2026-12-09T07:00:00.000Z",
      "2026-12-09T08:00:00.000Z",
      "2026-12-09T09:00:00.000Z",
    ]);
    expect(slots.some((slot) => slot.start.toISOString().startsWith("2026-12-08"))).toBe(false);
  });

  it("spaces slots by their length plus the buffer, and an overlapping booking of another length blocks", () => {
    const availability = everyDay("Asia/Riyadh", "10:00", "12:00", { slotMinutes: 30, bufferMinutes: 15 });
    const busy = [{ start: new Date("2026-12-07T07:40:00Z"), end: new Date("2026-12-07T07:50:00Z") }];
    expect(
      starts(openSlots(availability, { from: "2026-12-07", to: "2026-12-07", now: LONG_AGO, busy })),
    ).toEqual(["2026-12-07T07:00:00.000Z", "2026-12-07T08:30:00.000Z"]);
  });

  it("finds a slot by its start, and nothing for a start between slots", () => {
    const found = findSlot(DEFAULT_AVAILABILITY, new Date("2026-12-07T08:00:00Z"), NEAR);
    expect(found && iso(found.end)).toBe("2026-12-07T08:45:00.000Z");
    expect(findSlot(DEFAULT_AVAILABILITY, new Date("2026-12-07T08:30:00Z"), LONG_AGO)).toBeNull();
    expect(findSlot(DEFAULT_AVAILABILITY, new Date("2026-12-11T08:00:00Z"), LONG_AGO)).toBeNull();
  });

  it("groups slots by their day in the agency's zone for a page", () => {
    const slots = openSlots(DEFAULT_AVAILABILITY, { from: "2026-12-06", to: "2026-12-07", now: NEAR });
    const days = slotDays(slots, "Asia/Riyadh", "en");
    expect(days.map((day) => day.date)).toEqual(["2026-12-06", "2026-12-07"]);
    expect(days[0]?.slots[0]).toEqual({ start: "2026-12-06T07:00:00.000Z", label: "10:00" });
    expect(days[0]?.label).toContain("Sunday");
  });
});

describe("the availability's checks", () => {
  it("accepts the default and refuses what makes no sense", () => {
    expect(AvailabilityInput.safeParse(DEFAULT_AVAILABILITY).success).toBe(true);
    const bad = (patch: Partial<Record<keyof Availability, unknown>>) =>
      AvailabilityInput.safeParse({ ...DEFAULT_AVAILABILITY, ...patch }).success;
    expect(bad({ timeZone: "Mars/Olympus" })).toBe(false);
    expect(bad({ timeZone: "../etc" })).toBe(false);
    expect(bad({ slotMinutes: 5 })).toBe(false);
    expect(bad({ weekly: [{ day: 0, start: "16:00", end: "10:00" }] })).toBe(false);
    expect(bad({ weekly: [{ day: 7, start: "10:00", end: "16:00" }] })).toBe(false);
    expect(
      bad({
        weekly: [
          { day: 1, start: "10:00", end: "12:00" },
          { day: 1, start: "13:00", end: "16:00" },
        ],
      }),
    ).toBe(false);
    expect(bad({ closedDates: ["2026-02-30"] })).toBe(false);
    expect(bad({ closedDates: ["0001-01-01"] })).toBe(false);
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
  });

  it("reads the admin form and writes it back", () => {
    const fields = availabilityToForm(DEFAULT_AVAILABILITY);
    expect(fields["open-0"]).toBe("on");
    expect(fields["open-5"]).toBeUndefined();
    expect(AvailabilityInput.parse(availabilityFromForm(fields))).toEqual(DEFAULT_AVAILABILITY);
    const input = availabilityFromForm({
      ...fields,
      "end-2": "09:00",
      closedDates: "2026-12-24\n2026-12-25",
    });
    const parsed = AvailabilityInput.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => formFieldOf(issue.path, input))).toEqual(["end-2"]);
    expect((input as { closedDates: string[] }).closedDates).toEqual(["2026-12-24", "2026-12-25"]);
  });

  it("checks a slots query's range and a booking's start", () => {
    expect(SlotsQuery.safeParse({ from: "2026-12-07", to: "2026-12-20" }).success).toBe(true);
    expect(SlotsQuery.safeParse({ from: "2026-12-20", to: "2026-12-07" }).success).toBe(false);
    expect(SlotsQuery.safeParse({ from: "2026-12-01", to: "2027-03-01" }).success).toBe(false);
    const booking = {
      name: "Sara",
      email: "sara@example.com",
      topic: "A launch",
      start: "2026-12-07T08:00:00Z",
    };
    expect(BookingInput.parse(booking).start.toISOString()).toBe("2026-12-07T08:00:00.000Z");
    expect(BookingInput.safeParse({ ...booking, start: "tomorrow" }).success).toBe(false);
    expect(BookingInput.parse({ ...booking, phone: "050 123 4567" }).phone).toBe("+966501234567");
  });

  it("schedules the reminder a day before, and none for a call within a day", () => {
    const start = new Date("2026-12-10T07:00:00Z");
    expect(reminderAt(start, new Date("2026-12-07T00:00:00Z"))?.toISOString()).toBe(
      "2026-12-09T07:00:00.000Z",
    );
    expect(reminderAt(start, new Date("2026-12-09T12:00:00Z"))).toBeNull();
  });
});
