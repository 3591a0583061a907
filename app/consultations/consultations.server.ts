// Consultations booked online (issue 48, item 4; decision 069). The availability admins set, the open slots,
// and every booking's life — booked, moved, cancelled, reminded — each with its mails and its lead's history.
// Each function enforces its own rules, whoever calls it; who may call is the routes' business
// (app/access). Bookings are serialised by one transaction-scoped advisory lock, and the partial unique index
// on the start of every booking not cancelled (app/db/schema/consultations.ts) is the backstop: two people
// can never hold one slot, on any number of servers.
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, lt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { hitRateLimit, RATE_LIMITS } from "../auth/rate-limit.server";
import { getSessionSecret } from "../config.server";
import type { Database, Queryable } from "../db/client.server";
import { isUniqueViolation } from "../db/errors";
import {
  type ConsultationBooking,
  consultationBookings,
  notificationRecipients,
  siteSettings,
  users,
} from "../db/schema";
import type { Locale } from "../i18n/languages";
import { enqueueJob } from "../jobs/queue.server";
import type { Attribution } from "../leads/attribution";
import { addLeadHistory, recordEnquiry } from "../leads/leads.server";
import { enqueueMail } from "../mail/outgoing.server";
import { getSiteSettings } from "../site/settings.server";
import {
  adminBookingMail,
  type BookingMailKind,
  bookingInvite,
  type Organizer,
  reminderMail,
  visitorBookingMail,
} from "./mail.server";
import {
  type Availability,
  AvailabilityInput,
  addDays,
  type Busy,
  DEFAULT_AVAILABILITY,
  findSlot,
  normalizeAvailability,
  openSlots,
  reminderAt,
  type Slot,
  zonedDate,
} from "./policy";
import { signBookingToken, verifyBookingToken } from "./token";

/** The availability's row in `site_settings`. */
const SETTINGS_KEY = "consultations";

export type StoredAvailability = { availability: Availability; updatedAt: string | null };

/** The availability in force: the saved one, or the default (Sunday–Thursday 10:00–16:00 in Riyadh). */
export async function getAvailability(db: Queryable): Promise<StoredAvailability> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, SETTINGS_KEY));
  if (!row) return { availability: DEFAULT_AVAILABILITY, updatedAt: null };
  const parsed = AvailabilityInput.safeParse(row.value);
  // Written through the same schema; a value that no longer parses (a narrowed rule) shows the default.
  if (!parsed.success) return { availability: DEFAULT_AVAILABILITY, updatedAt: row.updatedAt.toISOString() };
  return { availability: parsed.data, updatedAt: row.updatedAt.toISOString() };
}

/** Saves the availability (checked again here). Bookings already made stay as they are. */
export async function saveAvailability(
  db: Database,
  value: Availability,
  actorId: string,
): Promise<StoredAvailability> {
  const availability = normalizeAvailability(AvailabilityInput.parse(value));
  const [row] = await db
    .insert(siteSettings)
    .values({ key: SETTINGS_KEY, value: availability, updatedBy: actorId })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: availability, updatedBy: actorId, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error("The availability was not saved");
  return { availability, updatedAt: row.updatedAt.toISOString() };
}

/** Bookings not cancelled that overlap [from, to). */
async function busyBetween(on: Queryable, from: Date, to: Date, except?: number): Promise<Busy[]> {
  return on
    .select({ start: consultationBookings.startsAt, end: consultationBookings.endsAt })
    .from(consultationBookings)
    .where(
      and(
        ne(consultationBookings.status, "cancelled"),
        lt(consultationBookings.startsAt, to),
        gt(consultationBookings.endsAt, from),
        except === undefined ? undefined : ne(consultationBookings.id, except),
      ),
    );
}

/** The bounds (as instants, with a day's margin for any zone) of calendar dates `from`..`to`. */
function rangeInstants(from: string, to: string): [Date, Date] {
  return [new Date(`${addDays(from, -1)}T00:00:00Z`), new Date(`${addDays(to, 2)}T00:00:00Z`)];
}

/** Today in the agency's zone. */
export function agencyToday(availability: Availability, now = new Date()): string {
  return zonedDate(now.getTime(), availability.timeZone);
}

/** The open slots of calendar dates `from`..`to` in the agency's zone (at most 62 days; the caller checks). */
export async function listOpenSlots(
  db: Queryable,
  { from, to, now = new Date() }: { from?: string; to?: string; now?: Date } = {},
): Promise<{ availability: Availability; from: string; to: string; slots: Slot[] }> {
  const { availability } = await getAvailability(db);
  const first = from ?? agencyToday(availability, now);
  const last = to ?? addDays(first, Math.min(availability.horizonDays, 61));
  const [lower, upper] = rangeInstants(first, last);
  const busy = await busyBetween(db, lower, upper);
  return {
    availability,
    from: first,
    to: last,
    slots: openSlots(availability, { from: first, to: last, now, busy }),
  };
}

export type Booking = {
  name: string;
  email: string;
  phone?: string;
  topic: string;
  message?: string;
  locale: Locale;
  start: Date;
};

export type BookingOutcome =
  | { ok: true; booking: ConsultationBooking; token: string }
  | { ok: false; reason: "slot_taken" | "not_a_slot" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/** The agency as the invite's organizer: its brand and contact address (the site settings). */
async function organizerOf(db: Queryable, locale: Locale): Promise<Organizer> {
  const { settings } = await getSiteSettings(db);
  return {
    name: (locale === "ar" ? settings.brandName.ar : settings.brandName.en) || settings.brandName.en,
    email: settings.email || "no-reply@manara.localhost",
  };
}

export const bookingToken = (id: number): string => signBookingToken(getSessionSecret(), id);
export const bookingIdOfToken = (token: string): number | null =>
  verifyBookingToken(getSessionSecret(), token);

/** One serialisation point for every change of the calendar, on every server, until the transaction ends. */
const lockCalendar = (tx: Queryable) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('consultation-calendar'))`);

/**
 * Books `start` for the person, if it is an open slot: the booking, a lead made or added to (source
 * `consultation`, a `booking` entry in its history, the admins told), the confirmation to the person and to
 * each admin with the calendar invite, and the day-before reminder queued — all in one transaction. A start
 * that is not a slot at all is `not_a_slot`; one someone else holds, `slot_taken`.
 */
export async function bookConsultation(
  db: Database,
  booking: Booking,
  {
    clientAddress,
    attribution,
    now = new Date(),
  }: { clientAddress: string; attribution: Attribution; now?: Date },
): Promise<BookingOutcome> {
  const limit = await hitRateLimit(db, `consultation:ip:${clientAddress}`, RATE_LIMITS.consultationPerIp);
  if (!limit.allowed)
    return { ok: false, reason: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  try {
    return await db.transaction(async (tx) => {
      await lockCalendar(tx);
      const { availability } = await getAvailability(tx);
      if (!findSlot(availability, booking.start, now)) return { ok: false, reason: "not_a_slot" } as const;
      const end = new Date(booking.start.getTime() + availability.slotMinutes * 60_000);
      const busy = await busyBetween(tx, booking.start, end);
      if (busy.length > 0) return { ok: false, reason: "slot_taken" } as const;
      const [inserted] = await tx
        .insert(consultationBookings)
        .values({
          uid: `${randomUUID()}@manara`,
          startsAt: booking.start,
          endsAt: end,
          timeZone: availability.timeZone,
          name: booking.name,
          email: booking.email,
          phone: booking.phone ?? null,
          topic: booking.topic,
          message: booking.message ?? null,
          locale: booking.locale,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!inserted) throw new Error("bookConsultation: the insert returned nothing");
      const lead = await recordEnquiry(
        db,
        tx,
        {
          name: booking.name,
          email: booking.email,
          phone: booking.phone,
          subject: booking.topic,
          message: booking.message ? `${booking.topic}\n\n${booking.message}` : booking.topic,
          locale: booking.locale,
          source: "consultation",
        },
        {
          attribution,
          now,
          acknowledge: false,
          event: {
            kind: "booking",
            body: booking.message ?? null,
            data: {
              subject: booking.topic,
              bookingId: inserted.id,
              start: inserted.startsAt.toISOString(),
              booking: "booked",
            },
          },
        },
      );
      const [saved] = await tx
        .update(consultationBookings)
        .set({ leadId: lead.leadId })
        .where(eq(consultationBookings.id, inserted.id))
        .returning();
      if (!saved) throw new Error("bookConsultation: the booking vanished");
      const token = bookingToken(saved.id);
      await tellEveryone(db, tx, "booked", saved, token);
      await queueReminder(db, tx, saved, now);
      return { ok: true, booking: saved, token } as const;
    });
  } catch (error) {
    // The backstop: a booking that got past the lock (another path, a hand edit) meets the unique index.
    if (isUniqueViolation(error)) return { ok: false, reason: "slot_taken" };
    throw error;
  }
}

/** The mails of a booking's change: the person's and each admin's, each with the invite as it now stands. */
async function tellEveryone(
  db: Database,
  tx: Queryable,
  kind: BookingMailKind,
  booking: ConsultationBooking,
  token: string,
) {
  const organizer = await organizerOf(tx, booking.locale === "ar" ? "ar" : "en");
  const key = `consultation:${booking.id}:${booking.sequence}:${kind}`;
  await enqueueMail(db, tx, visitorBookingMail(kind, booking, token, organizer), { key: `${key}:visitor` });
  const admins = await tx
    .select({ id: users.id, email: users.email, locale: notificationRecipients.locale })
    .from(users)
    .leftJoin(notificationRecipients, eq(notificationRecipients.userId, users.id))
    .where(eq(users.role, "admin"));
  for (const admin of admins) {
    await enqueueMail(
      db,
      tx,
      adminBookingMail(kind, { email: admin.email, locale: admin.locale ?? "en" }, booking, token, organizer),
      { key: `${key}:admin:${admin.id}` },
    );
  }
}

/** The reminder's job: keyed by the booking and its sequence, so a move queues the new one and the old finds it stale. */
async function queueReminder(db: Database, tx: Queryable, booking: ConsultationBooking, now: Date) {
  const due = reminderAt(booking.startsAt, now);
  if (!due) return;
  await enqueueJob(
    db,
    tx,
    "consultation-reminder",
    { bookingId: booking.id, sequence: booking.sequence },
    { key: `consultation-reminder:${booking.id}:${booking.sequence}`, startAfter: due },
  );
}

export const ReminderJob = z.object({ bookingId: z.number().int(), sequence: z.number().int() });

/**
 * The reminder job: mails the person a day before, unless the booking was cancelled or moved since (its
 * sequence changed: the move queued its own). Idempotent: the mail's key is the booking and its sequence.
 */
export async function sendConsultationReminder(
  db: Database,
  data: unknown,
): Promise<"sent" | "stale" | "gone"> {
  const job = ReminderJob.parse(data);
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select()
      .from(consultationBookings)
      .where(eq(consultationBookings.id, job.bookingId));
    if (!booking) return "gone" as const;
    if (booking.status !== "confirmed" || booking.sequence !== job.sequence) return "stale" as const;
    await enqueueMail(db, tx, reminderMail(booking, bookingToken(booking.id)), {
      key: `consultation-reminder-mail:${booking.id}:${booking.sequence}`,
      notAfter: booking.startsAt,
    });
    return "sent" as const;
  });
}

/** One booking by its id. */
export async function getBooking(db: Queryable, id: number): Promise<ConsultationBooking | null> {
  const [booking] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, id));
  return booking ?? null;
}

export type ChangeOutcome =
  | { ok: true; booking: ConsultationBooking }
  | { ok: false; reason: "not_found" | "cancelled" | "started" | "slot_taken" | "not_a_slot" };

/**
 * The booking, locked with the calendar for a change, or why it may not change: gone, cancelled already, or
 * its call has started.
 */
async function lockChangeable(
  tx: Queryable,
  id: number,
  now: Date,
): Promise<{ booking: ConsultationBooking } | Extract<ChangeOutcome, { ok: false }>> {
  await lockCalendar(tx);
  const [booking] = await tx
    .select()
    .from(consultationBookings)
    .where(eq(consultationBookings.id, id))
    .for("update");
  if (!booking) return { ok: false, reason: "not_found" };
  if (booking.status === "cancelled") return { ok: false, reason: "cancelled" };
  if (booking.startsAt.getTime() <= now.getTime()) return { ok: false, reason: "started" };
  return { booking };
}

/** A change made: in its lead's history, and told to the person and the admins with the invite as it stands. */
async function recordChange(
  db: Database,
  tx: Queryable,
  change: "cancelled" | "moved",
  booking: ConsultationBooking,
  now: Date,
): Promise<void> {
  if (booking.leadId !== null) {
    await addLeadHistory(
      tx,
      booking.leadId,
      {
        kind: "booking",
        body: null,
        data: { bookingId: booking.id, start: booking.startsAt.toISOString(), booking: change },
      },
      now,
    );
  }
  await tellEveryone(db, tx, change, booking, bookingToken(booking.id));
}

/** Cancels a booking that has not started: its slot opens again, everyone gets METHOD:CANCEL. */
export async function cancelBooking(db: Database, id: number, now = new Date()): Promise<ChangeOutcome> {
  return db.transaction(async (tx) => {
    const locked = await lockChangeable(tx, id, now);
    if (!("booking" in locked)) return locked;
    const [cancelled] = await tx
      .update(consultationBookings)
      .set({ status: "cancelled", sequence: locked.booking.sequence + 1, cancelledAt: now, updatedAt: now })
      .where(eq(consultationBookings.id, id))
      .returning();
    if (!cancelled) throw new Error("cancelBooking: the locked booking vanished");
    await recordChange(db, tx, "cancelled", cancelled, now);
    return { ok: true, booking: cancelled } as const;
  });
}

/** Moves a booking that has not started to another open slot: same UID, one more SEQUENCE, a new reminder. */
export async function moveBooking(
  db: Database,
  id: number,
  start: Date,
  now = new Date(),
): Promise<ChangeOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockChangeable(tx, id, now);
      if (!("booking" in locked)) return locked;
      const { availability } = await getAvailability(tx);
      if (!findSlot(availability, start, now)) return { ok: false, reason: "not_a_slot" } as const;
      const end = new Date(start.getTime() + availability.slotMinutes * 60_000);
      if ((await busyBetween(tx, start, end, id)).length > 0)
        return { ok: false, reason: "slot_taken" } as const;
      const [moved] = await tx
        .update(consultationBookings)
        .set({
          startsAt: start,
          endsAt: end,
          timeZone: availability.timeZone,
          sequence: locked.booking.sequence + 1,
          updatedAt: now,
        })
        .where(eq(consultationBookings.id, id))
        .returning();
      if (!moved) throw new Error("moveBooking: the locked booking vanished");
      await recordChange(db, tx, "moved", moved, now);
      await queueReminder(db, tx, moved, now);
      return { ok: true, booking: moved } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "slot_taken" };
    throw error;
  }
}

/** The coming bookings (not cancelled), soonest first, for the admin page. */
export function upcomingBookings(
  db: Queryable,
  now = new Date(),
  limit = 50,
): Promise<ConsultationBooking[]> {
  return db
    .select()
    .from(consultationBookings)
    .where(and(ne(consultationBookings.status, "cancelled"), gt(consultationBookings.endsAt, now)))
    .orderBy(asc(consultationBookings.startsAt))
    .limit(limit);
}

/** The booking's invite as it now stands (`icsUrl`). */
export async function bookingInviteFile(db: Queryable, booking: ConsultationBooking): Promise<string> {
  const locale = booking.locale === "ar" ? "ar" : "en";
  return bookingInvite(booking, bookingToken(booking.id), await organizerOf(db, locale), locale);
}
