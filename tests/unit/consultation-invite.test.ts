// A consultation's calendar invite (issue 48, item 4), made by `ics` and read back by a second library,
// ical.js (https://github.com/kewisch/ical.js): the right instant, METHOD:REQUEST then METHOD:CANCEL, the same
// UID with a higher SEQUENCE. And the signed link that opens a booking.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { consultationInvite, type InviteInput } from "../../app/consultations/invite";
import { signBookingToken, verifyBookingToken } from "../../app/consultations/token";

const base: InviteInput = {
  uid: "2f1c6d1e-8a6b-4d43-9d59-0c5c1f1f7a11@manara",
  sequence: 0,
  method: "REQUEST",
  // 10:00 in Riyadh.
  start: new Date("2026-12-13T07:00:00Z"),
  end: new Date("2026-12-13T07:45:00Z"),
  title: "استشارة مع منارة",
  description: "حملة إطلاق\n\nhttps://manara.example/ar/consultation/booking/1.abc",
  url: "https://manara.example/ar/consultation/booking/1.abc",
  organizer: { name: "Manara", email: "hello@manara.example" },
  attendee: { name: "سارة", email: "sara@example.com" },
};

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

describe("the consultation's invite", () => {
  it("parses with ical.js and shows the booked instant", () => {
    const { calendar, vevent, event } = parse(consultationInvite(base));
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(event.uid).toBe(base.uid);
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-13T07:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-12-13T07:45:00.000Z");
    // 10:00 on the agency's clock in Riyadh (UTC+3).
    expect(event.startDate.toJSDate().toLocaleString("en-GB", { timeZone: "Asia/Riyadh" })).toBe(
      "13/12/2026, 10:00:00",
    );
    expect(event.summary).toBe(base.title);
    expect(event.description).toBe(base.description);
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(String(vevent.getFirstPropertyValue("organizer")).toLowerCase()).toBe(
      "mailto:hello@manara.example",
    );
    expect(event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase())).toEqual([
      "mailto:sara@example.com",
    ]);
  });

  it("a move keeps the UID with a higher SEQUENCE; a cancellation is METHOD:CANCEL", () => {
    const moved = parse(
      consultationInvite({
        ...base,
        sequence: 1,
        start: new Date("2026-12-14T08:00:00Z"),
        end: new Date("2026-12-14T08:45:00Z"),
      }),
    );
    expect(moved.event.uid).toBe(base.uid);
    expect(moved.event.sequence).toBe(1);
    expect(moved.event.startDate.toJSDate().toISOString()).toBe("2026-12-14T08:00:00.000Z");
    const cancelled = parse(consultationInvite({ ...base, sequence: 2, method: "CANCEL" }));
    expect(cancelled.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(cancelled.event.uid).toBe(base.uid);
    expect(cancelled.event.sequence).toBe(2);
    expect(cancelled.vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
  });
});

describe("the booking's signed link", () => {
  const secret = "test-secret";
  it("opens its own booking and no other", () => {
    const token = signBookingToken(secret, 42);
    expect(verifyBookingToken(secret, token)).toBe(42);
    expect(verifyBookingToken("another-secret", token)).toBeNull();
    const signature = token.split(".")[1];
    expect(verifyBookingToken(secret, `43.${signature}`)).toBeNull();
    for (const broken of ["", "42", "42.", "x.y", `042.${signature}`, `42.${signature}.x`, "9".repeat(200)]) {
      expect(verifyBookingToken(secret, broken)).toBeNull();
    }
  });
});
