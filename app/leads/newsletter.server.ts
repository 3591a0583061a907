// The newsletter's double opt-in (issue 48, item 5; decision 068). A sign-up is a pending row of
// `newsletter_subscriptions` and a confirmation mail with a signed link, in the visitor's language; only the
// link's POST makes the address confirmed and a lead (source `newsletter`, or a `newsletter` event on the
// address's open lead). Unsubscribing is one POST from a link every mail after confirmation carries, and
// RFC 8058's one-click header. The answer to a sign-up never says whether the address was known.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { hitRateLimit, RATE_LIMITS } from "../auth/rate-limit.server";
import { getSessionSecret } from "../config.server";
import type { Database, Queryable } from "../db/client.server";
import {
  type Lead,
  leadEvents,
  leads,
  type NewsletterSubscription,
  newsletterSubscriptions,
} from "../db/schema";
import type { Locale } from "../i18n/languages";
import { emailAddress, safeText } from "../lib/validation";
import { enqueueMail } from "../mail/outgoing.server";
import type { Attribution } from "./attribution";
import { recentLead, tellEveryone } from "./leads.server";
import { newsletterConfirmMail, newsletterWelcomeMail } from "./mail.server";
import { CONFIRM_TTL_MS, signConfirmToken, signUnsubscribeToken } from "./newsletter-token";

export const NEWSLETTER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** The sign-up form (footer, blog, /newsletter) and `POST /api/newsletter`. */
export const NewsletterInput = z.object({
  email: emailAddress("newsletter.errors.emailInvalid"),
  locale: z.enum(["en", "ar"], { error: "errors.localeInvalid" }).optional(),
  /** Honeypot: people never see it, naive bots fill it. */
  website: safeText({ max: 1000, error: "newsletter.errors.emailInvalid" }).optional(),
});

export type SubscribeOutcome =
  | { ok: true; mailed: boolean }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * A sign-up. Whatever the address's state — new, pending, confirmed, unsubscribed, or a bot's honeypot — the
 * caller answers the same. A new, pending or unsubscribed address (re)starts its opt-in: a new signed link
 * by mail, the older links stale. A confirmed address changes nothing and is not mailed. Confirmation mails
 * to one address are capped (RATE_LIMITS.newsletterMailsPerAddress), silently.
 */
export async function subscribe(
  db: Database,
  input: { email: string; locale: Locale },
  {
    clientAddress,
    spam,
    attribution,
    now = new Date(),
  }: { clientAddress: string; spam: boolean; attribution: Attribution; now?: Date },
): Promise<SubscribeOutcome> {
  const limit = await hitRateLimit(db, `newsletter:ip:${clientAddress}`, RATE_LIMITS.newsletterPerIp);
  if (!limit.allowed)
    return { ok: false, reason: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  if (spam) return { ok: true, mailed: false };
  const email = input.email.toLowerCase();
  // Counted outside the transaction (the limiter writes on its own connection), for every sign-up.
  const mailLimit = await hitRateLimit(db, `newsletter:mail:${email}`, RATE_LIMITS.newsletterMailsPerAddress);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`newsletter:${email}`}))`);
    const [existing] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
      .for("update");
    if (existing?.status === "confirmed") return { ok: true, mailed: false } as const;
    if (existing && !mailLimit.allowed) return { ok: true, mailed: false } as const;
    const values = {
      locale: input.locale,
      status: "pending" as const,
      attribution: existing?.status === "pending" ? existing.attribution : attribution,
      requestedAt: now,
      mailedAt: now,
      updatedAt: now,
    };
    const [row] = existing
      ? await tx
          .update(newsletterSubscriptions)
          .set(values)
          .where(eq(newsletterSubscriptions.id, existing.id))
          .returning()
      : await tx
          .insert(newsletterSubscriptions)
          .values({ email, ...values, createdAt: now })
          .returning();
    if (!row) throw new Error("subscribe: the write returned nothing");
    const token = signConfirmToken(getSessionSecret(), row.id, row.requestedAt);
    await enqueueMail(db, tx, newsletterConfirmMail(row, token), {
      key: `newsletter-confirm:${row.id}:${row.requestedAt.getTime()}`,
      notAfter: new Date(row.requestedAt.getTime() + CONFIRM_TTL_MS),
    });
    return { ok: true, mailed: true } as const;
  });
}

/** The sign-up a confirmation link names, for its page: its address and state, or null when stale. */
export async function pendingSignUp(
  db: Database,
  token: { id: number; requestedAt: Date },
): Promise<Pick<NewsletterSubscription, "email" | "status"> | null> {
  const [row] = await db
    .select({
      email: newsletterSubscriptions.email,
      status: newsletterSubscriptions.status,
      requestedAt: newsletterSubscriptions.requestedAt,
    })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, token.id));
  if (!row || row.requestedAt.getTime() !== token.requestedAt.getTime()) return null;
  if (row.status === "unsubscribed") return null;
  return { email: row.email, status: row.status };
}

export type ConfirmOutcome = { ok: true; already: boolean } | { ok: false; reason: "stale" };

/**
 * The confirmation link's POST: the pending sign-up becomes confirmed, and a lead — the address's open lead
 * (a message within 90 days) gets a `newsletter` event, otherwise a new lead with source `newsletter` and the
 * sign-up page's attribution, which tells the admins like any new lead. A second POST is a no-op; a link
 * older than the last sign-up, or one for an address that has since unsubscribed, confirms nothing.
 */
export async function confirmSubscription(
  db: Database,
  token: { id: number; requestedAt: Date },
  now = new Date(),
): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, token.id))
      .for("update");
    if (!row || row.requestedAt.getTime() !== token.requestedAt.getTime() || row.status === "unsubscribed")
      return { ok: false, reason: "stale" } as const;
    if (row.status === "confirmed") return { ok: true, already: true } as const;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead:${row.email}`}))`);
    const open = await recentLead(tx, row.email, now);
    let lead: Lead;
    let created = false;
    if (open) {
      lead = open;
    } else {
      const attribution = row.attribution;
      const [inserted] = await tx
        .insert(leads)
        .values({
          name: row.email,
          email: row.email,
          message: "",
          locale: row.locale,
          source: "newsletter",
          status: "new",
          utmSource: attribution.utmSource ?? null,
          utmMedium: attribution.utmMedium ?? null,
          utmCampaign: attribution.utmCampaign ?? null,
          utmTerm: attribution.utmTerm ?? null,
          utmContent: attribution.utmContent ?? null,
          referrer: attribution.referrer ?? null,
          landingPath: attribution.landingPath ?? null,
          createdAt: now,
          lastMessageAt: now,
          updatedAt: now,
        })
        .returning();
      if (!inserted) throw new Error("confirmSubscription: the lead insert returned nothing");
      lead = inserted;
      created = true;
    }
    const [event] = await tx
      .insert(leadEvents)
      .values({ leadId: lead.id, kind: "newsletter", data: { to: "confirmed" }, createdAt: now })
      .returning({ id: leadEvents.id });
    if (!event) throw new Error("confirmSubscription: the event insert returned nothing");
    if (!created) await tx.update(leads).set({ updatedAt: now }).where(eq(leads.id, lead.id));
    await tx
      .update(newsletterSubscriptions)
      .set({ status: "confirmed", confirmedAt: now, unsubscribedAt: null, leadId: lead.id, updatedAt: now })
      .where(eq(newsletterSubscriptions.id, row.id));
    if (created) await tellEveryone(db, tx, lead, event.id, { message: row.email }, { acknowledge: false });
    const unsubscribe = signUnsubscribeToken(getSessionSecret(), row.id);
    await enqueueMail(db, tx, newsletterWelcomeMail(row, unsubscribe), {
      key: `newsletter-welcome:${row.id}:${row.requestedAt.getTime()}`,
    });
    return { ok: true, already: false } as const;
  });
}

/** Whether an unsubscribe link names a subscription that exists (its page says so before the button). */
export async function subscriptionExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, id));
  return Boolean(row);
}

/**
 * One click from a mail: the address gets no newsletter any more (its lead's history says so). Idempotent;
 * false only when the subscription no longer exists.
 */
export async function unsubscribe(db: Database, id: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, id))
      .for("update");
    if (!row) return false;
    if (row.status === "unsubscribed") return true;
    await tx
      .update(newsletterSubscriptions)
      .set({ status: "unsubscribed", unsubscribedAt: now, updatedAt: now })
      .where(eq(newsletterSubscriptions.id, id));
    if (row.leadId !== null && row.status === "confirmed") await leadEvent(tx, row.leadId, now);
    return true;
  });
}

async function leadEvent(tx: Queryable, leadId: number, now: Date) {
  const [lead] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, leadId)));
  if (!lead) return;
  await tx
    .insert(leadEvents)
    .values({ leadId, kind: "newsletter", data: { to: "unsubscribed" }, createdAt: now });
  await tx.update(leads).set({ updatedAt: now }).where(eq(leads.id, leadId));
}
