// Consultations booked online (issue 48, items 4 and 6): the open slots, a booking, and the admins'
// availability (app/routes/api/consultation-slots.ts, consultations.ts, admin-consultations-availability.ts).
import { z } from "zod";
import { AvailabilityInput, BookingInput, SlotsQuery } from "../../consultations/policy";
import { type EndpointDoc, isoDate, json, ok } from "../registry";

const Slot = z.strictObject({ start: isoDate, end: isoDate });

const Slots = z.strictObject({
  timeZone: z.string().describe("The agency's IANA time zone: the dates of the query are its calendar days"),
  slotMinutes: z.int(),
  slots: z.array(Slot).describe("Open slots, earliest first, in ISO 8601 UTC"),
});

const Booked = z.strictObject({
  booking: z.strictObject({
    id: z.int(),
    start: isoDate,
    end: isoDate,
    status: z.enum(["confirmed", "cancelled"]),
  }),
  icsUrl: z
    .string()
    .describe(
      "The calendar invite (METHOD:REQUEST), a signed link that needs no token; it follows later moves",
    ),
});

const Availability = z.strictObject({
  timeZone: z.string(),
  slotMinutes: z.int(),
  bufferMinutes: z.int(),
  horizonDays: z.int(),
  minNoticeHours: z.int(),
  weekly: z.array(
    z.strictObject({
      day: z.int().min(0).max(6).describe("0 is Sunday"),
      start: z.string().describe("HH:MM in the time zone"),
      end: z.string().describe("HH:MM in the time zone"),
    }),
  ),
  closedDates: z.array(z.iso.date()),
});

const StoredAvailability = z.strictObject({
  availability: Availability,
  updatedAt: isoDate.nullable().describe("When an admin last saved it; null while the default is in force"),
});

export const consultationEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/consultations/slots",
    tag: "Contact",
    summary: "Open consultation slots",
    description:
      "The open slots of the calendar dates `from` to `to` (both included, at most 62 days) in the agency's time zone: within its weekly hours, not on a closed date, at least the least notice ahead, within how far ahead people may book, and not booked.",
    auth: "public",
    query: SlotsQuery,
    responses: { 200: ok("The open slots", Slots) },
  },
  {
    method: "post",
    route: "api/consultations",
    tag: "Contact",
    summary: "Book a consultation",
    description:
      "`start` must be an open slot's start (from `GET /api/consultations/slots`). The person gets a confirmation with a calendar invite and a link to cancel or move, in `locale` (or Accept-Language); the admins are told, and the booking creates or adds to a lead. Two bookings of one slot: exactly one wins, the other is 409 `slot_taken`. Rate-limited per address.",
    auth: "public",
    body: json(BookingInput),
    responses: { 201: ok("Booked", Booked) },
    errors: [
      [409, "slot_taken"],
      [429, "rate_limited"],
    ],
  },
  {
    method: "get",
    route: "api/admin/consultations/availability",
    tag: "Admin",
    summary: "The consultations' availability",
    description: "Until an admin saves it: Sunday to Thursday, 10:00–16:00 in Asia/Riyadh.",
    auth: "admin",
    responses: { 200: ok("The availability in force", StoredAvailability) },
  },
  {
    method: "put",
    route: "api/admin/consultations/availability",
    tag: "Admin",
    summary: "Save the consultations' availability",
    description:
      "Every field is sent. `weekly` has at most one entry per weekday (0 is Sunday), `end` after `start`; closed dates are calendar dates in the time zone. Bookings already made stay.",
    auth: "admin",
    body: json(AvailabilityInput),
    responses: { 200: ok("The saved availability", StoredAvailability) },
  },
];
