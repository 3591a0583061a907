// The leads domain (issue 48): every enquiry goes through `submitEnquiry` — the contact form, a service
// enquiry, `POST /api/contact` and `POST /api/leads` — and the inbox reads and changes leads here. Each
// function enforces its own rules, whoever calls it; who may call is the routes' business (app/access).
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { z } from "zod";
import { hitRateLimit, RATE_LIMITS } from "../auth/rate-limit.server";
import { leadsNotifyEmail } from "../config.server";
import type { Database, Queryable } from "../db/client.server";
import {
  courses,
  type Lead,
  type LeadEvent,
  type LeadEventData,
  leadEvents,
  leads,
  users,
} from "../db/schema";
import type { Locale } from "../i18n/languages";
import { safeText } from "../lib/validation";
import { enqueueMail } from "../mail/outgoing.server";
import { notify } from "../notifications/notify.server";
import type { Attribution } from "./attribution";
import { acknowledgementMail, newLeadMail, replyMail } from "./mail.server";
import {
  csvDocument,
  DEDUP_DAYS,
  LEAD_STATUSES,
  type LeadEventKind,
  type LeadListQuery,
  type LeadSource,
  type LeadStatus,
  spamCutoff,
  withinYears,
} from "./policy";

export type Enquiry = {
  name: string;
  email: string;
  phone?: string;
  company?: string;
  subject?: string;
  message: string;
  locale: Locale;
  source: LeadSource;
  serviceKey?: string;
  courseId?: number;
};

export type EnquiryOutcome =
  | { ok: true; leadId: number; eventId: number; created: boolean; spam: boolean }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number }
  | { ok: false; reason: "course_not_found" };

/**
 * Records an enquiry. The same address within 90 days of its lead's last message adds to that lead's
 * history; otherwise a new lead, with the visitor's first-touch attribution. A filled honeypot (`spam`) is
 * kept as a spam lead — hidden from the inbox, told to nobody, purged after 30 days — and answered like any
 * other, so a bot learns nothing. A new message tells the admins (in-app, and LEADS_NOTIFY_EMAIL by mail)
 * and acknowledges it to the person in their language, in the same transaction.
 */
export async function submitEnquiry(
  db: Database,
  enquiry: Enquiry,
  {
    clientAddress,
    spam,
    attribution,
    now = new Date(),
  }: {
    clientAddress: string;
    spam: boolean;
    attribution: Attribution;
    now?: Date;
  },
): Promise<EnquiryOutcome> {
  // Counted before the honeypot, so a bot flooding the form is slowed down like anyone else.
  const limit = await hitRateLimit(db, `contact:ip:${clientAddress}`, RATE_LIMITS.contactPerIp);
  if (!limit.allowed)
    return { ok: false, reason: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  if (enquiry.courseId !== undefined) {
    const [course] = await db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.id, enquiry.courseId));
    if (!course) return { ok: false, reason: "course_not_found" };
  }
  return db.transaction((tx) => recordEnquiry(db, tx, enquiry, { spam, attribution, now }));
}

/**
 * An enquiry's part in the caller's transaction `tx` (no rate limit: the caller's): the lead found or made,
 * its history entry, and everyone told. A consultation booking (app/consultations/) calls it with its own
 * history entry (`event`) and without the acknowledgement (`acknowledge: false`): its confirmation mail is
 * the acknowledgement.
 */
export async function recordEnquiry(
  db: Database,
  tx: Queryable,
  enquiry: Enquiry,
  {
    spam = false,
    attribution,
    now = new Date(),
    event: entry,
    acknowledge = true,
  }: {
    spam?: boolean;
    attribution: Attribution;
    now?: Date;
    event?: { kind: LeadEventKind; body: string | null; data: LeadEventData };
    acknowledge?: boolean;
  },
): Promise<{ ok: true; leadId: number; eventId: number; created: boolean; spam: boolean }> {
  const eventData: LeadEventData = {
    ...(enquiry.subject ? { subject: enquiry.subject } : {}),
    ...(enquiry.serviceKey ? { serviceKey: enquiry.serviceKey } : {}),
    ...(enquiry.courseId ? { courseId: enquiry.courseId } : {}),
  };
  // One address at a time: two messages sent at once from one address make one lead, not two.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead:${enquiry.email.toLowerCase()}`}))`);
  const existing = spam ? undefined : await recentLead(tx, enquiry.email, now);
  let lead: Lead;
  let created: boolean;
  if (existing) {
    const [updated] = await tx
      .update(leads)
      .set({
        lastMessageAt: now,
        updatedAt: now,
        phone: existing.phone ?? enquiry.phone ?? null,
        company: existing.company ?? enquiry.company ?? null,
      })
      .where(eq(leads.id, existing.id))
      .returning();
    if (!updated) throw new Error("recordEnquiry: the locked lead vanished");
    lead = updated;
    created = false;
  } else {
    const [inserted] = await tx
      .insert(leads)
      .values({
        name: enquiry.name,
        email: enquiry.email,
        phone: enquiry.phone ?? null,
        company: enquiry.company ?? null,
        message: enquiry.message,
        locale: enquiry.locale,
        source: enquiry.source,
        serviceKey: enquiry.serviceKey ?? null,
        courseId: enquiry.courseId ?? null,
        status: spam ? "spam" : "new",
        ...attribution,
        createdAt: now,
        lastMessageAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error("recordEnquiry: the insert returned nothing");
    lead = inserted;
    created = true;
  }
  const [event] = await tx
    .insert(leadEvents)
    .values({
      leadId: lead.id,
      kind: entry?.kind ?? "message",
      body: entry ? entry.body : enquiry.message,
      data: entry ? { ...eventData, ...entry.data } : eventData,
      createdAt: now,
    })
    .returning({ id: leadEvents.id });
  if (!event) throw new Error("recordEnquiry: the event insert returned nothing");
  if (!spam) await tellEveryone(db, tx, lead, event.id, enquiry, { acknowledge });
  return { ok: true, leadId: lead.id, eventId: event.id, created, spam } as const;
}

/** A booking's later change (moved, cancelled) in its lead's history; nobody is told from here. */
export async function addLeadHistory(
  tx: Queryable,
  leadId: number,
  event: { kind: LeadEventKind; body: string | null; data: LeadEventData },
  now = new Date(),
): Promise<void> {
  await tx.insert(leadEvents).values({ leadId, ...event, createdAt: now });
  await tx.update(leads).set({ updatedAt: now }).where(eq(leads.id, leadId));
}

/** The address's lead still open to new messages: not spam, last written to within 90 days. */
export async function recentLead(on: Queryable, email: string, now: Date): Promise<Lead | undefined> {
  const since = new Date(now.getTime() - DEDUP_DAYS * 24 * 60 * 60 * 1000);
  const [lead] = await on
    .select()
    .from(leads)
    .where(
      and(
        sql`lower(${leads.email}) = ${email.toLowerCase()}`,
        ne(leads.status, "spam"),
        gte(leads.lastMessageAt, since),
      ),
    )
    .orderBy(desc(leads.lastMessageAt))
    .limit(1)
    .for("update");
  return lead;
}

/**
 * Tells the admins about a lead's new message or sign-up (in-app, and LEADS_NOTIFY_EMAIL by mail) and, unless
 * `acknowledge` is false (a newsletter sign-up was acknowledged by its confirmation), the person.
 */
export async function tellEveryone(
  db: Database,
  tx: Queryable,
  lead: Lead,
  eventId: number,
  enquiry: { subject?: string; message: string },
  { acknowledge = true }: { acknowledge?: boolean } = {},
) {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
  const title = enquiry.subject ?? enquiry.message.slice(0, 80);
  await notify(
    tx,
    admins.map((admin) => ({
      userId: admin.id,
      type: "new_lead" as const,
      eventKey: `lead-message:${eventId}`,
      data: { path: `/dashboard/admin/leads/${lead.id}`, actorName: lead.name, title },
    })),
  );
  const team = leadsNotifyEmail();
  if (team) {
    await enqueueMail(db, tx, newLeadMail(team, lead, enquiry.message), { key: `lead-alert:${eventId}` });
  }
  if (acknowledge) await enqueueMail(db, tx, acknowledgementMail(lead), { key: `lead-ack:${eventId}` });
}

export type LeadRow = Lead & { ownerName: string | null };

const ownerName = sql<
  string | null
>`(select ${users.name} from ${users} where ${users.id} = ${leads.ownerId})`;

function listFilters(query: Omit<LeadListQuery, "limit" | "offset">): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (query.source) filters.push(eq(leads.source, query.source));
  if (query.owner) filters.push(eq(leads.ownerId, query.owner));
  if (query.service) filters.push(eq(leads.serviceKey, query.service));
  if (query.from) filters.push(gte(leads.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to)
    filters.push(lt(leads.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_")}%`;
    filters.push(
      or(
        ilike(leads.name, pattern),
        ilike(leads.email, pattern),
        ilike(leads.company, pattern),
        ilike(leads.message, pattern),
      ),
    );
  }
  return and(...filters);
}

/** The inbox: newest first, filtered; spam only when asked for by status. Counts per status for the tabs. */
export async function listLeads(
  db: Database,
  query: LeadListQuery,
): Promise<{ items: LeadRow[]; total: number; counts: Record<LeadStatus, number> }> {
  const shared = listFilters(query);
  const where = and(shared, query.status ? eq(leads.status, query.status) : ne(leads.status, "spam"));
  const [items, [totalRow], countRows] = await Promise.all([
    db
      .select({ lead: leads, ownerName })
      .from(leads)
      .where(where)
      .orderBy(desc(leads.lastMessageAt), desc(leads.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(leads).where(where),
    db.select({ status: leads.status, total: count() }).from(leads).where(shared).groupBy(leads.status),
  ]);
  const counts = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  for (const row of countRows) if (row.status in counts) counts[row.status as LeadStatus] = row.total;
  return {
    items: items.map((row) => ({ ...row.lead, ownerName: row.ownerName })),
    total: totalRow?.total ?? 0,
    counts,
  };
}

export type LeadHistoryItem = LeadEvent & { actorName: string | null };

/** One lead with its whole history, oldest first. */
export async function getLead(
  db: Database,
  id: number,
): Promise<{ lead: LeadRow; history: LeadHistoryItem[] } | null> {
  const [row] = await db.select({ lead: leads, ownerName }).from(leads).where(eq(leads.id, id));
  if (!row) return null;
  const history = await db
    .select({ event: leadEvents, actorName: users.name })
    .from(leadEvents)
    .leftJoin(users, eq(users.id, leadEvents.actorId))
    .where(eq(leadEvents.leadId, id))
    .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id));
  return {
    lead: { ...row.lead, ownerName: row.ownerName },
    history: history.map((item) => ({ ...item.event, actorName: item.actorName })),
  };
}

/** The admins a lead can be given to. */
export function listLeadOwners(db: Database): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.name));
}

/** `PUT /api/admin/leads/:id` and the lead page's forms; `ownerId: null` and `followUpAt: null` clear. */
export const LeadChange = z.strictObject({
  status: z.enum(LEAD_STATUSES, { error: "errors.statusInvalid" }).optional(),
  ownerId: z.uuid({ error: "errors.ownerInvalid" }).nullable().optional(),
  followUpAt: z.iso
    .datetime({ offset: true, error: "errors.followUpInvalid" })
    .or(z.iso.date({ error: "errors.followUpInvalid" }))
    .refine(withinYears, { error: "errors.followUpInvalid" })
    .nullable()
    .optional(),
});
export type LeadChange = z.infer<typeof LeadChange>;

export type LeadChangeOutcome =
  | { ok: true; lead: Lead }
  | { ok: false; reason: "not_found" | "owner_not_admin" };

/** Changes a lead's status, owner or follow-up date; each change that changes something is in its history. */
export async function changeLead(
  db: Database,
  actorId: string,
  id: number,
  change: LeadChange,
  now = new Date(),
): Promise<LeadChangeOutcome> {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select().from(leads).where(eq(leads.id, id)).for("update");
    if (!lead) return { ok: false, reason: "not_found" } as const;
    const events: { kind: string; data: LeadEventData }[] = [];
    const set: Partial<Lead> = {};
    if (change.status !== undefined && change.status !== lead.status) {
      set.status = change.status;
      events.push({ kind: "status", data: { from: lead.status, to: change.status } });
    }
    if (change.ownerId !== undefined && change.ownerId !== lead.ownerId) {
      let name: string | null = null;
      if (change.ownerId !== null) {
        const [owner] = await tx
          .select({ name: users.name })
          .from(users)
          .where(and(eq(users.id, change.ownerId), eq(users.role, "admin")));
        if (!owner) return { ok: false, reason: "owner_not_admin" } as const;
        name = owner.name;
      }
      set.ownerId = change.ownerId;
      events.push({ kind: "owner", data: { ownerName: name } });
    }
    if (change.followUpAt !== undefined) {
      const followUpAt = change.followUpAt === null ? null : followUpDate(change.followUpAt);
      if ((followUpAt?.getTime() ?? null) !== (lead.followUpAt?.getTime() ?? null)) {
        set.followUpAt = followUpAt;
        events.push({ kind: "follow_up", data: { followUpAt: followUpAt?.toISOString() ?? null } });
      }
    }
    if (events.length === 0) return { ok: true, lead } as const;
    const [updated] = await tx
      .update(leads)
      .set({ ...set, updatedAt: now })
      .where(eq(leads.id, id))
      .returning();
    if (!updated) throw new Error("changeLead: the locked lead vanished");
    await tx
      .insert(leadEvents)
      .values(events.map((event) => ({ leadId: id, actorId, createdAt: now, ...event })));
    return { ok: true, lead: updated } as const;
  });
}

/** A date alone (`2026-12-01`) is that day's start in UTC. */
function followUpDate(value: string): Date {
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
}

export const NoteInput = z.object({
  body: safeText({ max: 20_000, error: "errors.noteRequired", tooLong: "errors.noteTooLong" })
    .trim()
    .min(1, { error: "errors.noteRequired" })
    .max(5000, { error: "errors.noteTooLong" }),
});

export async function addLeadNote(
  db: Database,
  actorId: string,
  id: number,
  body: string,
): Promise<{ ok: true; event: LeadEvent } | { ok: false; reason: "not_found" }> {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, id)).for("update");
    if (!lead) return { ok: false, reason: "not_found" } as const;
    const [event] = await tx
      .insert(leadEvents)
      .values({ leadId: id, actorId, kind: "note", body })
      .returning();
    if (!event) throw new Error("addLeadNote: the insert returned nothing");
    await tx.update(leads).set({ updatedAt: new Date() }).where(eq(leads.id, id));
    return { ok: true, event } as const;
  });
}

export const ReplyInput = z.object({
  subject: safeText({ max: 1000, error: "errors.subjectRequired", tooLong: "errors.subjectTooLong" })
    .trim()
    .min(3, { error: "errors.subjectRequired" })
    .max(150, { error: "errors.subjectTooLong" }),
  body: safeText({ max: 20_000, error: "errors.replyRequired", tooLong: "errors.replyTooLong" })
    .trim()
    .min(1, { error: "errors.replyRequired" })
    .max(5000, { error: "errors.replyTooLong" }),
});
export type ReplyInput = z.infer<typeof ReplyInput>;

/**
 * Replies to the person by mail, in their language, through the mail queue, and keeps the reply in the
 * history. A spam lead is never written to.
 */
export async function replyToLead(
  db: Database,
  actorId: string,
  id: number,
  reply: ReplyInput,
): Promise<{ ok: true; event: LeadEvent } | { ok: false; reason: "not_found" | "spam" }> {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select().from(leads).where(eq(leads.id, id)).for("update");
    if (!lead) return { ok: false, reason: "not_found" } as const;
    if (lead.status === "spam") return { ok: false, reason: "spam" } as const;
    const [event] = await tx
      .insert(leadEvents)
      .values({ leadId: id, actorId, kind: "reply", body: reply.body, data: { subject: reply.subject } })
      .returning();
    if (!event) throw new Error("replyToLead: the insert returned nothing");
    await tx.update(leads).set({ updatedAt: new Date() }).where(eq(leads.id, id));
    await enqueueMail(db, tx, replyMail(lead, reply), { key: `lead-reply:${event.id}` });
    return { ok: true, event } as const;
  });
}

export const CSV_LIMIT = 10_000;

/** Every lead the filters select (spam only when asked for), newest first, at most CSV_LIMIT. */
export async function leadsForExport(db: Database, query: LeadListQuery): Promise<LeadRow[]> {
  const { items } = await listLeads(db, { ...query, limit: CSV_LIMIT, offset: 0 });
  return items;
}

/** Leads whose follow-up date has passed, soonest first, for the admin dashboard. */
export async function overdueFollowUps(
  db: Database,
  now = new Date(),
  limit = 5,
): Promise<{ items: Pick<Lead, "id" | "name" | "followUpAt" | "status">[]; total: number }> {
  const where = and(
    isNotNull(leads.followUpAt),
    lte(leads.followUpAt, now),
    sql`${leads.status} not in ('won', 'lost', 'spam')`,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({ id: leads.id, name: leads.name, followUpAt: leads.followUpAt, status: leads.status })
      .from(leads)
      .where(where)
      .orderBy(asc(leads.followUpAt))
      .limit(limit),
    db.select({ total: count() }).from(leads).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

/** The sweep's part: spam leads untouched for 30 days are deleted, with their history, in a bounded batch. */
export async function purgeSpamLeads(db: Database, now: Date, batchSize: number): Promise<number> {
  const stale = and(eq(leads.status, "spam"), lt(leads.updatedAt, spamCutoff(now)));
  const batch = db.select({ id: leads.id }).from(leads).where(stale).limit(batchSize);
  const deleted = await db
    .delete(leads)
    .where(and(sql`${leads.id} in (${batch})`, stale))
    .returning({ id: leads.id });
  return deleted.length;
}

/** The contact form's message as an enquiry: a named service makes it a service enquiry. */
export function contactEnquiry(
  input: {
    name: string;
    email: string;
    phone?: string;
    company?: string;
    subject: string;
    message: string;
    serviceKey?: string;
  },
  locale: Locale,
): Enquiry {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    company: input.company,
    subject: input.subject,
    message: input.message,
    locale,
    source: input.serviceKey ? "service" : "contact",
    serviceKey: input.serviceKey,
  };
}

/** The CSV export's file: one row per lead, its first touch included, in UTF-8 with a BOM (policy.ts). */
export async function leadsCsv(db: Database, query: LeadListQuery): Promise<string> {
  const rows = await leadsForExport(db, query);
  return csvDocument([
    [
      "id",
      "created_at",
      "last_message_at",
      "name",
      "email",
      "phone",
      "company",
      "status",
      "source",
      "service",
      "course_id",
      "owner",
      "follow_up_at",
      "locale",
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_term",
      "utm_content",
      "referrer",
      "landing_path",
      "message",
    ],
    ...rows.map((lead) => [
      lead.id,
      lead.createdAt.toISOString(),
      lead.lastMessageAt.toISOString(),
      lead.name,
      lead.email,
      lead.phone,
      lead.company,
      lead.status,
      lead.source,
      lead.serviceKey,
      lead.courseId,
      lead.ownerName,
      lead.followUpAt?.toISOString() ?? null,
      lead.locale,
      lead.utmSource,
      lead.utmMedium,
      lead.utmCampaign,
      lead.utmTerm,
      lead.utmContent,
      lead.referrer,
      lead.landingPath,
      lead.message,
    ]),
  ]);
}

/** The export's answer: a download named by its day. */
export function csvResponse(csv: string, now = new Date()): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${now.toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
