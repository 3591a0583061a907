// Issue 48, item 5: the newsletter's double opt-in. A sign-up mails a signed link in the visitor's language
// and stores nothing but a pending row; only the link's POST (GET changes nothing) makes the address
// confirmed and a lead; unsubscribing is one POST (the page's button or a mail client's RFC 8058 one-click);
// the answer never says whether the address was known; the honeypot and the rate limit apply.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import {
  leadEvents,
  leads,
  newsletterSubscriptions,
  notifications,
  rateLimits,
  type User,
} from "../../app/db/schema";
import { NO_ATTRIBUTION } from "../../app/leads/attribution";
import { contactEnquiry, submitEnquiry } from "../../app/leads/leads.server";
import { subscribe } from "../../app/leads/newsletter.server";
import { listOutbox, type OutboxMessage } from "../../app/mail/mailer.server";
import { action as newsletterApi } from "../../app/routes/api/newsletter";
import { action as signUpAction } from "../../app/routes/newsletter";
import { action as confirmAction, loader as confirmPage } from "../../app/routes/newsletter-confirm";
import {
  action as unsubscribeAction,
  loader as unsubscribePage,
} from "../../app/routes/newsletter-unsubscribe";
import { createUser } from "./auth-helpers";
import { formRequest, fromAddress, runRoute } from "./route-context";
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
  await handle.db.delete(newsletterSubscriptions);
  await handle.db.delete(leads);
  await handle.db.delete(rateLimits);
  await handle.db.delete(notifications);
});

const mails = async (): Promise<OutboxMessage[]> =>
  (await listOutbox(outbox, { limit: 100, offset: 0 })).items;

async function signUp(url: string, body: Record<string, string>, address = "203.0.113.70") {
  return (await runRoute(
    handle.db,
    fromAddress(formRequest(url, body), address),
    signUpAction as never,
    {},
    {
      mail: outbox,
    },
  )) as Response | { init: ResponseInit; data: { fieldErrors: Record<string, string> } };
}

/** The token of the newest mail's link to `/newsletter/<kind>/`. */
function tokenIn(mail: OutboxMessage | undefined, kind: "confirm" | "unsubscribe"): string {
  const match = mail?.text.match(new RegExp(`/newsletter/${kind}/([^\\s/]+)`));
  if (!match?.[1]) throw new Error(`no ${kind} link in ${mail?.text}`);
  return match[1];
}

function post(url: string, token: string, handler: unknown, body: Record<string, string> = {}) {
  return runRoute(
    handle.db,
    formRequest(url, body),
    handler as never,
    { token },
    { mail: outbox },
  ) as Promise<{
    init?: ResponseInit;
    data: { done: boolean };
  }>;
}

describe("double opt-in", () => {
  it("mails an Arabic confirmation from an Arabic page; only the link's POST confirms and makes a lead", async () => {
    const response = (await signUp("http://test/ar/newsletter", {
      email: "Layla@Example.com",
      website: "",
    })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/ar/newsletter?sent=1");
    const [row] = await handle.db.select().from(newsletterSubscriptions);
    expect(row).toMatchObject({ email: "layla@example.com", locale: "ar", status: "pending", leadId: null });
    expect(await handle.db.$count(leads)).toBe(0);
    expect(await handle.db.$count(notifications)).toBe(0);

    const [mail] = await mails();
    expect(mail).toMatchObject({ to: "layla@example.com", subject: "أكّد اشتراكك في النشرة البريدية لمنارة" });
    expect(mail?.html).toContain('lang="ar" dir="rtl"');
    expect(mail?.text).toContain("/ar/newsletter/confirm/");
    const token = tokenIn(mail, "confirm");

    // Opening the link (a mail scanner does) changes nothing.
    const page = (await runRoute(
      handle.db,
      new Request(`http://test/ar/newsletter/confirm/${token}`),
      confirmPage as never,
      { token },
    )) as { data: { email: string | null; confirmed: boolean } };
    expect(page.data).toMatchObject({ email: "layla@example.com", confirmed: false });
    expect((await handle.db.select().from(newsletterSubscriptions))[0]?.status).toBe("pending");

    const confirmed = await post(`http://test/ar/newsletter/confirm/${token}`, token, confirmAction);
    expect(confirmed.data.done).toBe(true);
    const [after] = await handle.db.select().from(newsletterSubscriptions);
    expect(after?.status).toBe("confirmed");
    const [lead] = await handle.db.select().from(leads);
    expect(lead).toMatchObject({
      email: "layla@example.com",
      source: "newsletter",
      status: "new",
      locale: "ar",
    });
    expect(after?.leadId).toBe(lead?.id);
    const events = await handle.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, lead?.id ?? 0));
    expect(events.map((event) => [event.kind, event.data.to])).toEqual([["newsletter", "confirmed"]]);
    expect(await handle.db.$count(notifications, eq(notifications.userId, admin.id))).toBe(1);

    // The welcome mail, in Arabic, carries the one-click unsubscribe (RFC 8058).
    const welcome = (await mails()).find((item) => item.subject.includes("مؤكَّد"));
    expect(welcome?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(welcome?.headers?.["List-Unsubscribe"]).toMatch(
      /^<https?:\/\/[^>]+\/ar\/newsletter\/unsubscribe\/[^>]+>$/,
    );

    // A second POST of the same link is harmless.
    expect((await post(`http://test/ar/newsletter/confirm/${token}`, token, confirmAction)).data.done).toBe(
      true,
    );
    expect(await handle.db.$count(leads)).toBe(1);
    expect(await handle.db.$count(leadEvents)).toBe(1);
  });

  it("joins the address's open lead instead of making a second one", async () => {
    await submitEnquiry(
      handle.db,
      contactEnquiry(
        { name: "Omar", email: "omar@example.com", subject: "SEO", message: "How much is local SEO?" },
        "en",
      ),
      { clientAddress: "203.0.113.71", spam: false, attribution: NO_ATTRIBUTION },
    );
    await signUp("http://test/newsletter", { email: "omar@example.com" });
    const token = tokenIn(
      (await mails()).find((mail) => mail.text.includes("/newsletter/confirm/")),
      "confirm",
    );
    expect((await post(`http://test/newsletter/confirm/${token}`, token, confirmAction)).data.done).toBe(
      true,
    );
    const rows = await handle.db.select().from(leads);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.source).toBe("contact");
    const kinds = (await handle.db.select().from(leadEvents)).map((event) => event.kind).sort();
    expect(kinds).toEqual(["message", "newsletter"]);
  });

  it("refuses a forged or stale link: a new sign-up makes the older link stale", async () => {
    await signUp("http://test/newsletter", { email: "hana@example.com" });
    const first = tokenIn((await mails())[0], "confirm");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await signUp("http://test/newsletter", { email: "hana@example.com" });
    const second = tokenIn(
      (await mails()).find((mail) => !mail.text.includes(first)),
      "confirm",
    );
    expect(second).not.toBe(first);
    const stale = await post(`http://test/newsletter/confirm/${first}`, first, confirmAction);
    expect(stale.data.done).toBe(false);
    expect(stale.init?.status).toBe(404);
    const forged = `${second.slice(0, -3)}abc`;
    expect((await post(`http://test/newsletter/confirm/${forged}`, forged, confirmAction)).data.done).toBe(
      false,
    );
    expect((await handle.db.select().from(newsletterSubscriptions))[0]?.status).toBe("pending");
    expect((await post(`http://test/newsletter/confirm/${second}`, second, confirmAction)).data.done).toBe(
      true,
    );
  });
});

describe("no disclosure", () => {
  it("answers a new, a pending and a subscribed address the same, and mails a subscribed one nothing", async () => {
    const answer = async (email: string) => {
      const response = (await signUp("http://test/newsletter", { email })) as Response;
      return [response.status, response.headers.get("Location")];
    };
    const fresh = await answer("a@example.com");
    const pending = await answer("a@example.com");
    await handle.db
      .update(newsletterSubscriptions)
      .set({ status: "confirmed" })
      .where(eq(newsletterSubscriptions.email, "a@example.com"));
    const before = (await mails()).length;
    const subscribed = await answer("a@example.com");
    expect(pending).toEqual(fresh);
    expect(subscribed).toEqual(fresh);
    expect((await mails()).length).toBe(before);

    const api = async (email: string) => {
      const request = fromAddress(
        new Request("http://test/api/newsletter", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email, locale: "ar" }),
        }),
        "203.0.113.72",
      );
      const response = (await runRoute(
        handle.db,
        request,
        newsletterApi as never,
        {},
        { mail: outbox },
      )) as Response;
      return [response.status, await response.json()];
    };
    expect(await api("a@example.com")).toEqual(await api("new@example.com"));
    expect((await api("b@example.com"))[0]).toBe(202);
  });

  it("takes a filled honeypot like any sign-up and stores and mails nothing", async () => {
    const response = (await signUp("http://test/newsletter", {
      email: "bot@example.com",
      website: "http://spam.example",
    })) as Response;
    expect(response.status).toBe(303);
    expect(await handle.db.$count(newsletterSubscriptions)).toBe(0);
    expect(await mails()).toEqual([]);
  });

  it("refuses a bad address with the field's error and a rate-limited address with 429", async () => {
    const bad = (await signUp("http://test/newsletter", { email: "not-an-address" })) as {
      init: ResponseInit;
      data: { fieldErrors: Record<string, string> };
    };
    expect(bad.init.status).toBe(400);
    expect(Object.keys(bad.data.fieldErrors)).toEqual(["email"]);
    for (let index = 0; index < 10; index++)
      await subscribe(
        handle.db,
        { email: `n${index}@example.com`, locale: "en" },
        { clientAddress: "203.0.113.73", spam: false, attribution: NO_ATTRIBUTION },
      );
    const limited = (await signUp(
      "http://test/newsletter",
      { email: "late@example.com" },
      "203.0.113.73",
    )) as {
      init: ResponseInit;
    };
    expect(limited.init.status).toBe(429);
  });
});

describe("unsubscribe", () => {
  it("takes one POST from the mail's link (or a mail client's one-click), and GET changes nothing", async () => {
    await signUp("http://test/newsletter", { email: "zaid@example.com" });
    const confirm = tokenIn((await mails())[0], "confirm");
    await post(`http://test/newsletter/confirm/${confirm}`, confirm, confirmAction);
    const welcome = (await mails()).find((mail) => mail.text.includes("/newsletter/unsubscribe/"));
    const token = tokenIn(welcome, "unsubscribe");

    const page = (await runRoute(
      handle.db,
      new Request(`http://test/newsletter/unsubscribe/${token}`),
      unsubscribePage as never,
      { token },
    )) as { data: { valid: boolean } };
    expect(page.data.valid).toBe(true);
    expect((await handle.db.select().from(newsletterSubscriptions))[0]?.status).toBe("confirmed");

    const done = await post(`http://test/newsletter/unsubscribe/${token}`, token, unsubscribeAction, {
      "List-Unsubscribe": "One-Click",
    });
    expect(done.data.done).toBe(true);
    const [row] = await handle.db.select().from(newsletterSubscriptions);
    expect(row?.status).toBe("unsubscribed");
    const kinds = (await handle.db.select().from(leadEvents)).map((event) => event.data.to);
    expect(kinds).toEqual(["confirmed", "unsubscribed"]);
    // The old confirmation link does not sign the address up again.
    expect((await post(`http://test/newsletter/confirm/${confirm}`, confirm, confirmAction)).data.done).toBe(
      false,
    );
    // Twice is fine; a forged token is a 404 that changes nothing.
    expect(
      (await post(`http://test/newsletter/unsubscribe/${token}`, token, unsubscribeAction)).data.done,
    ).toBe(true);
    const forged = await post("http://test/newsletter/unsubscribe/1.forged", "1.forged", unsubscribeAction);
    expect(forged.init?.status).toBe(404);
  });
});
