// Issue 48, item 4: consultations booked online, through the routes — the page's plain form in both languages,
// the API's booking and its 409 slot_taken, the signed booking page that moves and cancels (same UID, higher
// SEQUENCE, METHOD:CANCEL), the invite's download, the day-before reminder as a job, the lead a booking makes
// or adds to, and the admins' availability.
import { eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookingToken, listOpenSlots } from "../../app/consultations/consultations.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import {
  consultationBookings,
  leadEvents,
  leads,
  rateLimits,
  siteSettings,
  type User,
} from "../../app/db/schema";
import { jobIdForKey } from "../../app/jobs/policy";
import { drainJobs } from "../../app/jobs/worker.server";
import { listOutbox, type OutboxMessage } from "../../app/mail/mailer.server";
import {
  loader as availabilityApi,
  action as availabilityApiAction,
} from "../../app/routes/api/admin-consultations-availability";
import { loader as slotsApi } from "../../app/routes/api/consultation-slots";
import { action as bookingApi } from "../../app/routes/api/consultations";
import { action as consultationAction, loader as consultationPage } from "../../app/routes/consultation";
import { loader as bookingPage, action as bookingPageAction } from "../../app/routes/consultation-booking";
import { loader as inviteFile } from "../../app/routes/consultation-invite";
import { bearerFor, createUser } from "./auth-helpers";
import { formRequest, fromAddress, runRoute, settle } from "./route-context";
import { tempOutboxMailer } from "./studio-factories";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let admin: User;
let outbox: ReturnType<typeof tempOutboxMailer>;

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await createUser(handle.db, "admin");
});
afterAll(() => handle?.close());
beforeEach(async () => {
  outbox = tempOutboxMailer();
  await handle.db.delete(consultationBookings);
  await handle.db.delete(leads);
  await handle.db.delete(rateLimits);
  await handle.db.delete(siteSettings);
});

/** A page action's answer: a redirect (a Response) or `data(…)` with its status. */
type Answer = Response | { data: unknown; init?: ResponseInit | null };
const statusOf = (answer: Answer) =>
  answer instanceof Response ? answer.status : (answer.init?.status ?? 200);

const mails = async (): Promise<OutboxMessage[]> =>
  (await listOutbox(outbox, { limit: 100, offset: 0 })).items;

/** Open slots more than a day ahead (so a reminder is due), from the default availability. */
async function slotsAhead(count: number) {
  const { slots } = await listOpenSlots(handle.db);
  const later = slots.filter((slot) => slot.start.getTime() > Date.now() + 26 * 3_600_000);
  expect(later.length).toBeGreaterThanOrEqual(count);
  return later.slice(0, count).map((slot) => slot.start.toISOString());
}

const person = {
  name: "Sara",
  email: "sara@example.com",
  topic: "A launch campaign",
  message: "Before Ramadan.",
};

async function bookOnPage(start: string, prefix = "", more: Record<string, string> = {}) {
  const request = fromAddress(
    formRequest(`http://test${prefix}/consultation`, { ...person, start, website: "", ...more }),
    "203.0.113.7",
  );
  return (await settle(
    runRoute(handle.db, request, consultationAction as never, {}, { mail: outbox }),
  )) as Response;
}

function apiBook(body: unknown, address = "203.0.113.8") {
  const request = fromAddress(
    new Request("http://test/api/consultations", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
    address,
  );
  return runRoute(handle.db, request, bookingApi as never, {}, { mail: outbox }) as Promise<Response>;
}

function parseInvite(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  return { method: calendar.getFirstPropertyValue("method"), event: new ICAL.Event(vevent), vevent };
}

describe("booking on /consultation", () => {
  it("shows the open slots, books one with a plain form, tells everyone and queues the reminder", async () => {
    const page = (await runRoute(
      handle.db,
      new Request("http://test/consultation"),
      consultationPage as never,
    )) as { data: { timeZone: string; days: { slots: { start: string }[] }[] } };
    expect(page.data.timeZone).toBe("Asia/Riyadh");
    expect(page.data.days.length).toBeGreaterThan(0);
    const [start] = await slotsAhead(1);
    const answer = await bookOnPage(start as string);
    expect(statusOf(answer)).toBe(302);
    const location = (answer as Response).headers.get("Location") ?? "";
    expect(location).toMatch(/^\/consultation\/booking\/\d+\.[\w-]+$/);

    const [booking] = await handle.db.select().from(consultationBookings);
    expect(booking?.startsAt.toISOString()).toBe(start);
    expect(booking?.status).toBe("confirmed");
    expect(booking?.sequence).toBe(0);
    expect(booking?.locale).toBe("en");
    expect(location).toBe(`/consultation/booking/${bookingToken(booking?.id ?? 0)}`);

    // The lead: source consultation, the booking in its history; no separate acknowledgement.
    const [lead] = await handle.db.select().from(leads);
    expect(lead?.source).toBe("consultation");
    expect(lead?.id).toBe(booking?.leadId);
    const history = await handle.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, lead?.id ?? 0));
    expect(history.map((event) => [event.kind, event.data.booking, event.data.start])).toEqual([
      ["booking", "booked", start],
    ]);

    const sent = await mails();
    const visitor = sent.find((mail) => mail.to === person.email);
    const toAdmin = sent.find((mail) => mail.to === admin.email);
    expect(sent).toHaveLength(2);
    expect(visitor?.subject).toContain("Your consultation");
    expect(visitor?.text).toContain(`/consultation/booking/${bookingToken(booking?.id ?? 0)}`);
    expect(visitor?.calendar?.method).toBe("REQUEST");
    const invite = parseInvite(visitor?.calendar?.content ?? "");
    expect(invite.method).toBe("REQUEST");
    expect(invite.event.uid).toBe(booking?.uid);
    expect(invite.event.startDate.toJSDate().toISOString()).toBe(start);
    expect(toAdmin?.subject).toContain("New consultation: Sara");
    expect(parseInvite(toAdmin?.calendar?.content ?? "").event.uid).toBe(booking?.uid);

    // The reminder: a job due a day before the call.
    const jobs = await handle.db.execute<{ start_after: Date; data: { bookingId: number } }>(
      sql`select start_after, data from pgboss.job where id = ${jobIdForKey("consultation-reminder", `consultation-reminder:${booking?.id}:0`)}`,
    );
    const job = jobs.rows[0];
    expect(job?.data.bookingId).toBe(booking?.id);
    expect(new Date(job?.start_after ?? 0).getTime()).toBe(Date.parse(start as string) - 24 * 3_600_000);
  });

  it("writes to an Arabic visitor in Arabic, and to the admin in theirs", async () => {
    const [start] = await slotsAhead(1);
    const answer = await bookOnPage(start as string, "/ar");
    expect((answer as Response).headers.get("Location")).toMatch(/^\/ar\/consultation\/booking\//);
    const visitor = (await mails()).find((mail) => mail.to === person.email);
    expect(visitor?.locale).toBe("ar");
    expect(visitor?.subject).toContain("استشارتك");
    expect(visitor?.text).toContain("/ar/consultation/booking/");
    const [booking] = await handle.db.select().from(consultationBookings);
    expect(booking?.locale).toBe("ar");
  });

  it("refuses a taken slot (409) and a time that is no slot, booking nothing more", async () => {
    const [start] = await slotsAhead(1);
    expect(statusOf(await bookOnPage(start as string))).toBe(302);
    const again = await bookOnPage(start as string, "", { email: "omar@example.com" });
    expect(statusOf(again)).toBe(409);
    const between = new Date(Date.parse(start as string) + 10 * 60_000).toISOString();
    expect(statusOf(await bookOnPage(between, "", { email: "omar@example.com" }))).toBe(400);
    expect(await handle.db.select().from(consultationBookings)).toHaveLength(1);
  });

  it("keeps a filled honeypot out of the calendar", async () => {
    const [start] = await slotsAhead(1);
    const answer = await bookOnPage(start as string, "", { website: "http://spam.example" });
    expect(statusOf(answer)).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe("/consultation");
    expect(await handle.db.select().from(consultationBookings)).toHaveLength(0);
  });

  it("adds a booking to the lead of an address that wrote within 90 days", async () => {
    const [first, second] = await slotsAhead(2);
    await bookOnPage(first as string);
    await bookOnPage(second as string, "", { email: "SARA@example.com" });
    const all = await handle.db.select().from(leads);
    expect(all).toHaveLength(1);
    const history = await handle.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, all[0]?.id ?? 0));
    expect(history.filter((event) => event.kind === "booking")).toHaveLength(2);
  });
});

describe("the API", () => {
  it("lists the open slots in UTC, books one (201 with icsUrl) and answers 409 slot_taken to a second", async () => {
    const [start] = await slotsAhead(1);
    const day = (start as string).slice(0, 10);
    const query = new Request(`http://test/api/consultations/slots?from=${day}&to=${day}`);
    const before = (await ((await runRoute(handle.db, query, slotsApi as never)) as Response).json()) as {
      timeZone: string;
      slotMinutes: number;
      slots: { start: string; end: string }[];
    };
    expect(before.timeZone).toBe("Asia/Riyadh");
    expect(before.slotMinutes).toBe(45);
    expect(before.slots.map((slot) => slot.start)).toContain(start);

    const booked = await apiBook({ ...person, start, locale: "ar" });
    expect(booked.status).toBe(201);
    const body = (await booked.json()) as {
      booking: { id: number; start: string; end: string; status: string };
      icsUrl: string;
    };
    expect(body.booking).toMatchObject({ start, status: "confirmed" });
    expect(Date.parse(body.booking.end) - Date.parse(body.booking.start)).toBe(45 * 60_000);
    expect(body.icsUrl).toMatch(
      new RegExp(`/consultation/booking/${body.booking.id}\\.[\\w-]+/invite\\.ics$`),
    );

    const taken = await apiBook({ ...person, email: "omar@example.com", start });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: { code: string } }).error.code).toBe("slot_taken");

    const after = (await (
      (await runRoute(handle.db, new Request(query.url), slotsApi as never)) as Response
    ).json()) as { slots: { start: string }[] };
    expect(after.slots.map((slot) => slot.start)).not.toContain(start);
  });

  it("refuses bad input with 422 and changes nothing", async () => {
    for (const body of [
      {},
      { ...person, start: "soon" },
      { ...person, start: "2026-12-07T03:17:00Z" },
      { ...person, start: "2026-12-07T07:00:00Z", locale: "fr" },
    ]) {
      const answer = await apiBook(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    const range = await runRoute(
      handle.db,
      new Request("http://test/api/consultations/slots?from=2026-12-10&to=2026-12-01"),
      slotsApi as never,
    );
    expect((range as Response).status).toBe(422);
    expect(await handle.db.select().from(consultationBookings)).toHaveLength(0);
  });

  it("lets an admin read and save the availability, and nobody else", async () => {
    const bearer = await bearerFor(handle.db, admin.id);
    const get = (authorization?: string) =>
      settle(
        runRoute(
          handle.db,
          new Request("http://test/api/admin/consultations/availability", {
            headers: authorization ? { Authorization: authorization } : {},
          }),
          availabilityApi as never,
        ),
      ) as Promise<Response>;
    const stored = (await (await get(bearer)).json()) as {
      availability: { weekly: unknown[] };
      updatedAt: null;
    };
    expect(stored.updatedAt).toBeNull();
    expect(stored.availability.weekly).toHaveLength(5);
    const put = (body: unknown, authorization = bearer) =>
      settle(
        runRoute(
          handle.db,
          new Request("http://test/api/admin/consultations/availability", {
            method: "PUT",
            headers: { Authorization: authorization, "Content-Type": "application/json" },
            body: JSON.stringify(body),
          }),
          availabilityApiAction as never,
        ),
      ) as Promise<Response>;
    const london = {
      timeZone: "Europe/London",
      slotMinutes: 30,
      bufferMinutes: 0,
      horizonDays: 14,
      minNoticeHours: 1,
      weekly: [{ day: 1, start: "09:00", end: "12:00" }],
      closedDates: ["2026-12-28"],
    };
    const saved = await put(london);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { availability: unknown }).availability).toEqual(london);
    expect((await put({ ...london, timeZone: "Nowhere/Else" })).status).toBe(422);
    const user = await createUser(handle.db, "user");
    expect((await put(london, await bearerFor(handle.db, user.id))).status).toBe(403);
    expect((await get()).status).toBe(401);
    const { availability } = await listOpenSlots(handle.db);
    expect(availability.timeZone).toBe("Europe/London");
  });
});

describe("the signed booking page", () => {
  async function booked() {
    const [start, later] = await slotsAhead(2);
    await bookOnPage(start as string);
    const [booking] = await handle.db.select().from(consultationBookings);
    if (!booking) throw new Error("not booked");
    outbox = tempOutboxMailer();
    return { booking, token: bookingToken(booking.id), start: start as string, later: later as string };
  }

  const post = (token: string, fields: Record<string, string>) =>
    settle(
      runRoute(
        handle.db,
        formRequest(`http://test/consultation/booking/${token}`, fields),
        bookingPageAction as never,
        { token },
        { mail: outbox },
      ),
    ) as Promise<Answer>;

  it("opens with the mail's link and no other", async () => {
    const { token, booking } = await booked();
    const open = (await runRoute(
      handle.db,
      new Request(`http://test/consultation/booking/${token}`),
      bookingPage as never,
      { token },
    )) as { data: { booking: { status: string; changeable: boolean } }; init: ResponseInit };
    expect(open.data.booking).toMatchObject({ status: "confirmed", changeable: true });
    const forged = `${booking.id}.${"A".repeat(43)}`;
    const refused = (await runRoute(
      handle.db,
      new Request(`http://test/consultation/booking/${forged}`),
      bookingPage as never,
      { token: forged },
    )) as { data: { booking: null }; init: ResponseInit };
    expect(refused.data.booking).toBeNull();
    expect(refused.init.status).toBe(404);
    expect(statusOf(await post(forged, { intent: "cancel" }))).toBe(404);
    const [still] = await handle.db.select().from(consultationBookings);
    expect(still?.status).toBe("confirmed");
  });

  it("moves the call: same UID, SEQUENCE 1, everyone's invite updated, a new reminder; the old slot opens", async () => {
    const { token, booking, start, later } = await booked();
    const answer = await post(token, { intent: "move", start: later });
    expect(statusOf(answer)).toBe(302);
    const [moved] = await handle.db.select().from(consultationBookings);
    expect(moved?.startsAt.toISOString()).toBe(later);
    expect(moved?.sequence).toBe(1);
    expect(moved?.uid).toBe(booking.uid);
    const sent = await mails();
    expect(sent.map((mail) => mail.to).sort()).toEqual([admin.email, person.email].sort());
    for (const mail of sent) {
      const invite = parseInvite(mail.calendar?.content ?? "");
      expect(invite.method).toBe("REQUEST");
      expect(invite.event.uid).toBe(booking.uid);
      expect(invite.event.sequence).toBe(1);
      expect(invite.event.startDate.toJSDate().toISOString()).toBe(later);
    }
    const { slots } = await listOpenSlots(handle.db);
    expect(slots.map((slot) => slot.start.toISOString())).toContain(start);
    const reminder = await handle.db.execute(
      sql`select 1 from pgboss.job where id = ${jobIdForKey("consultation-reminder", `consultation-reminder:${booking.id}:1`)}`,
    );
    expect(reminder.rows).toHaveLength(1);
    const history = await handle.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, booking.leadId ?? 0));
    expect(history.map((event) => event.data.booking)).toEqual(["booked", "moved"]);
  });

  it("refuses to move onto a taken slot", async () => {
    const { token, later } = await booked();
    expect((await apiBook({ ...person, email: "omar@example.com", start: later })).status).toBe(201);
    outbox = tempOutboxMailer();
    expect(statusOf(await post(token, { intent: "move", start: later }))).toBe(409);
    expect(await mails()).toHaveLength(0);
  });

  it("cancels: METHOD:CANCEL with the same UID and a higher SEQUENCE, the slot opens, the invite follows", async () => {
    const { token, booking, start } = await booked();
    expect(statusOf(await post(token, { intent: "cancel" }))).toBe(302);
    const [cancelled] = await handle.db.select().from(consultationBookings);
    expect(cancelled?.status).toBe("cancelled");
    expect(cancelled?.sequence).toBe(1);
    const sent = await mails();
    expect(sent).toHaveLength(2);
    for (const mail of sent) {
      const invite = parseInvite(mail.calendar?.content ?? "");
      expect(invite.method).toBe("CANCEL");
      expect(invite.event.uid).toBe(booking.uid);
      expect(invite.event.sequence).toBe(1);
    }
    const { slots } = await listOpenSlots(handle.db);
    expect(slots.map((slot) => slot.start.toISOString())).toContain(start);
    // A second cancel changes nothing.
    expect(statusOf(await post(token, { intent: "cancel" }))).toBe(409);
    const file = (await runRoute(
      handle.db,
      new Request(`http://test/consultation/booking/${token}/invite.ics`),
      inviteFile as never,
      { token },
    )) as Response;
    expect(file.headers.get("Content-Type")).toContain("text/calendar");
    expect(parseInvite(await file.text()).method).toBe("CANCEL");
    const missing = (await runRoute(
      handle.db,
      new Request("http://test/consultation/booking/1.x/invite.ics"),
      inviteFile as never,
      { token: "1.x" },
    )) as Response;
    expect(missing.status).toBe(404);
  });
});

describe("the reminder job", () => {
  it("mails the person a day before, once; a moved booking's old job sends nothing", async () => {
    const [start, later] = await slotsAhead(2);
    await bookOnPage(start as string);
    const [booking] = await handle.db.select().from(consultationBookings);
    if (!booking) throw new Error("not booked");
    const firstJob = jobIdForKey("consultation-reminder", `consultation-reminder:${booking.id}:0`);
    await handle.db.execute(sql`update pgboss.job set start_after = now() where id = ${firstJob}`);
    outbox = tempOutboxMailer();
    await drainJobs({ db: handle.db, mailer: outbox }, { queues: ["consultation-reminder", "mail"] });
    const reminders = await mails();
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.to).toBe(person.email);
    expect(reminders[0]?.subject).toContain("Reminder");

    // Moved: the old sequence's job (were it run again) is stale, the new one is queued for its own day.
    await runRoute(
      handle.db,
      formRequest(`http://test/consultation/booking/${bookingToken(booking.id)}`, {
        intent: "move",
        start: later as string,
      }),
      bookingPageAction as never,
      { token: bookingToken(booking.id) },
      { mail: tempOutboxMailer() },
    ).catch((error: unknown) => error);
    const { sendConsultationReminder } = await import("../../app/consultations/consultations.server");
    outbox = tempOutboxMailer();
    expect(await sendConsultationReminder(handle.db, { bookingId: booking.id, sequence: 0 })).toBe("stale");
    expect(await sendConsultationReminder(handle.db, { bookingId: booking.id, sequence: 1 })).toBe("sent");
    expect(await sendConsultationReminder(handle.db, { bookingId: 999_999, sequence: 0 })).toBe("gone");
  });
});
