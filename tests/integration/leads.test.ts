// Issue 48's leads: every enquiry goes through one domain — de-duplicated by address within 90 days, the
// spam path (kept hidden, told to nobody, purged after 30 days), first-touch attribution from the cookie or
// the form, the acknowledgement in the person's language, and the inbox's follow-up (status, reply, CSV).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { leadEvents, leads, notifications, rateLimits, type User } from "../../app/db/schema";
import { ATTRIBUTION_COOKIE, NO_ATTRIBUTION } from "../../app/leads/attribution";
import {
  changeLead,
  contactEnquiry,
  listLeads,
  purgeSpamLeads,
  submitEnquiry,
} from "../../app/leads/leads.server";
import { LeadListQuery } from "../../app/leads/policy";
import { listOutbox } from "../../app/mail/mailer.server";
import { loader as leadPage, action as leadPageAction } from "../../app/routes/admin-lead";
import { loader as leadsCsvApi } from "../../app/routes/api/admin-leads-csv";
import { action as leadsApi } from "../../app/routes/api/leads";
import { action as contactAction } from "../../app/routes/contact";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
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
  await handle.db.delete(leads);
  await handle.db.delete(rateLimits);
  await handle.db.delete(notifications);
});

const fields = {
  name: "Sara",
  email: "sara@example.com",
  subject: "A new shop",
  message: "We need a new website before Ramadan.",
  website: "",
};

function contactPost(url: string, body: Record<string, string>, cookie?: string) {
  const request = formRequest(url, body);
  if (cookie) request.headers.set("Cookie", cookie);
  return fromAddress(request, "203.0.113.48");
}

async function send(url: string, body: Record<string, string>, cookie?: string) {
  return (await runRoute(
    handle.db,
    contactPost(url, body, cookie),
    contactAction as never,
    {},
    {
      mail: outbox,
    },
  )) as Response;
}

const mails = async () => (await listOutbox(outbox, { limit: 100, offset: 0 })).items;

describe("one lead per address", () => {
  it("adds a second message from the same address (any case) to the lead's history", async () => {
    expect((await send("http://test/contact", fields)).status).toBe(302);
    expect(
      (
        await send("http://test/contact", {
          ...fields,
          email: "SARA@example.com",
          message: "And a logo, please.",
        })
      ).status,
    ).toBe(302);
    const rows = await handle.db.select().from(leads);
    expect(rows).toHaveLength(1);
    const events = await handle.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, rows[0]?.id ?? 0));
    expect(events.map((event) => [event.kind, event.body])).toEqual([
      ["message", fields.message],
      ["message", "And a logo, please."],
    ]);
  });

  it("starts a new lead when the address last wrote more than 90 days ago", async () => {
    const long = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000);
    const options = { clientAddress: "203.0.113.49", spam: false, attribution: NO_ATTRIBUTION };
    const first = await submitEnquiry(handle.db, contactEnquiry(fields, "en"), { ...options, now: long });
    const second = await submitEnquiry(handle.db, contactEnquiry(fields, "en"), options);
    expect(first.ok && second.ok && first.leadId !== second.leadId).toBe(true);
    expect(second.ok && second.created).toBe(true);
  });

  it("stores the phone number in E.164 and refuses one that is not a number", async () => {
    await send("http://test/contact", { ...fields, phone: "050 123 4567", company: "Dar" });
    const [lead] = await handle.db.select().from(leads);
    expect(lead).toMatchObject({ phone: "+966501234567", company: "Dar" });
    const refused = (await runRoute(
      handle.db,
      contactPost("http://test/contact", { ...fields, email: "x@example.com", phone: "12" }),
      contactAction as never,
    )) as { init: ResponseInit; data: { fieldErrors: Record<string, string> } };
    expect(refused.init.status).toBe(400);
    expect(Object.keys(refused.data.fieldErrors)).toEqual(["phone"]);
  });
});

describe("the spam path", () => {
  it("keeps a filled honeypot as a hidden spam lead that nobody is told about, purged after 30 days", async () => {
    const response = await send("http://test/contact", { ...fields, website: "http://spam.example" });
    expect(response.status).toBe(302);
    const [lead] = await handle.db.select().from(leads);
    expect(lead?.status).toBe("spam");
    expect(await mails()).toEqual([]);
    expect(await handle.db.$count(notifications)).toBe(0);
    const inbox = await listLeads(handle.db, LeadListQuery.parse({}));
    expect(inbox.items).toEqual([]);
    expect(inbox.counts.spam).toBe(1);
    expect((await listLeads(handle.db, LeadListQuery.parse({ status: "spam" }))).total).toBe(1);
    expect(await purgeSpamLeads(handle.db, new Date(), 100)).toBe(0);
    expect(await purgeSpamLeads(handle.db, new Date(Date.now() + 31 * 24 * 60 * 60 * 1000), 100)).toBe(1);
    expect(await handle.db.$count(leads)).toBe(0);
  });
});

describe("first-touch attribution", () => {
  it("comes from the first page's cookie, whatever the form says", async () => {
    const cookie = `${ATTRIBUTION_COOKIE}=${encodeURIComponent(
      JSON.stringify({
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "ramadan",
        referrer: "https://news.example/issue-7",
        landing: "/ar/services?utm_source=newsletter",
      }),
    )}; other=1`;
    await send("http://test/contact", { ...fields, utm_source: "form", landing: "/contact" }, cookie);
    const [lead] = await handle.db.select().from(leads);
    expect(lead).toMatchObject({
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "ramadan",
      referrer: "https://news.example/issue-7",
      landingPath: "/ar/services?utm_source=newsletter",
    });
  });

  it("comes from the form's own address without the cookie (JavaScript off), and drops what is not ours", async () => {
    await send("http://test/contact?service=seo", {
      ...fields,
      service: "seo",
      utm_source: "google",
      utm_campaign: "spring",
      landing: "//evil.example/x",
    });
    const [lead] = await handle.db.select().from(leads);
    expect(lead).toMatchObject({
      source: "service",
      serviceKey: "seo",
      utmSource: "google",
      utmCampaign: "spring",
      landingPath: null,
    });
  });
});

describe("being told", () => {
  it("acknowledges in Arabic from an Arabic page, tells every admin in-app, and keeps admins' replies", async () => {
    const response = await send("http://test/ar/contact", fields);
    expect(response.headers.get("Location")).toBe("/ar/contact");
    const [lead] = await handle.db.select().from(leads);
    if (!lead) throw new Error("no lead");
    const [ack] = await mails();
    expect(ack).toMatchObject({ to: fields.email, subject: "وصلتنا رسالتك" });
    expect(ack?.html).toContain('lang="ar" dir="rtl"');
    expect(ack?.text).toContain("خلال يومَي عمل");
    expect(
      await handle.db.$count(
        notifications,
        and(eq(notifications.userId, admin.id), eq(notifications.type, "new_lead")),
      ),
    ).toBe(1);

    const cookie = await cookieFor(handle.db, admin.id);
    const page = `http://test/ar/dashboard/admin/leads/${lead.id}`;
    const moved = await changeLead(handle.db, admin.id, lead.id, { status: "contacted" });
    expect(moved.ok).toBe(true);
    const reply = formRequest(page, { intent: "reply", subject: "عن متجرك", body: "يسعدنا ذلك. متى نتحدث؟" });
    reply.headers.set("Cookie", cookie);
    const answered = (await settle(
      runRoute(handle.db, reply, leadPageAction as never, { id: String(lead.id) }, { mail: outbox }),
    )) as Response;
    expect(answered.status).toBe(302);
    const sent = (await mails()).find((mail) => mail.subject === "عن متجرك");
    expect(sent?.to).toBe(fields.email);
    expect(sent?.text).toContain("يسعدنا ذلك. متى نتحدث؟");
    const view = new Request(page, { headers: { Cookie: cookie } });
    const loaded = (await runRoute(handle.db, view, leadPage as never, { id: String(lead.id) })) as {
      history: { kind: string; actorName: string | null }[];
    };
    expect(loaded.history.map((event) => event.kind)).toEqual(["message", "status", "reply"]);
    expect(loaded.history[2]?.actorName).toBe(admin.name);
  });
});

describe("the API", () => {
  it("POST /api/leads answers the same for a new and a known address, and refuses an unknown course", async () => {
    const body = {
      name: "Omar",
      email: "omar@example.com",
      message: "How much is local SEO?",
      source: "service",
      serviceKey: "seo",
    };
    const post = (json: object) =>
      fromAddress(
        new Request("http://test/api/leads", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(json),
        }),
        "203.0.113.50",
      );
    const first = (await runRoute(handle.db, post(body), leadsApi as never)) as Response;
    const second = (await runRoute(handle.db, post(body), leadsApi as never)) as Response;
    expect([first.status, second.status]).toEqual([201, 201]);
    const [a, b] = [await first.json(), await second.json()];
    expect(Object.keys(a.lead).sort()).toEqual(Object.keys(b.lead).sort());
    expect(a.lead.reference).not.toBe(b.lead.reference);
    expect({ ...a.lead, reference: "" }).toEqual({ ...b.lead, reference: "" });
    expect(await handle.db.$count(leads)).toBe(1);
    const course = (await runRoute(
      handle.db,
      post({ ...body, source: "course", courseId: 2_000_000_000 }),
      leadsApi as never,
    )) as Response;
    expect(course.status).toBe(422);
    expect((await course.json()).error.fields).toHaveProperty("courseId");
  });

  it("GET /api/admin/leads.csv is UTF-8 with a byte-order mark, Arabic intact, formulas neutralised", async () => {
    await send("http://test/ar/contact", { ...fields, name: "=سارة", email: "sara2@example.com" });
    const request = new Request("http://test/api/admin/leads.csv", {
      headers: { Authorization: await bearerFor(handle.db, admin.id) },
    });
    const response = (await runRoute(handle.db, request, leadsCsvApi as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split("\r\n")[0]).toMatch(/^id,created_at,/);
    expect(text).toContain("'=سارة");
  });
});
