// A consultation's calendar invite (issue 48, item 4), made by the `ics` package
// (https://github.com/adamgibbons/ics): METHOD:REQUEST when booked or moved, METHOD:CANCEL when cancelled,
// always with the booking's UID and its SEQUENCE, so a calendar updates or removes the event it already has
// (RFC 5546). Times are written in UTC (`...Z`): the instant is exact whatever the reader's zone. Parsed back
// by a second library in tests/unit/consultation-invite.test.ts.
import { createEvent } from "ics";

export type InviteInput = {
  uid: string;
  sequence: number;
  method: "REQUEST" | "CANCEL";
  start: Date;
  end: Date;
  title: string;
  description: string;
  /** The booking's page (cancel or move). */
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
};

export function consultationInvite(input: InviteInput): string {
  const cancelled = input.method === "CANCEL";
  const { error, value } = createEvent({
    productId: "manara/consultations",
    method: input.method,
    uid: input.uid,
    sequence: input.sequence,
    start: input.start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: input.end.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: input.title,
    description: input.description,
    url: input.url,
    status: cancelled ? "CANCELLED" : "CONFIRMED",
    busyStatus: "BUSY",
    organizer: { name: input.organizer.name, email: input.organizer.email },
    attendees: [
      {
        name: input.attendee.name,
        email: input.attendee.email,
        rsvp: !cancelled,
        partstat: cancelled ? "DECLINED" : "ACCEPTED",
        role: "REQ-PARTICIPANT",
      },
    ],
  });
  if (error || !value) throw error ?? new Error("The calendar invite could not be made");
  return value;
}
