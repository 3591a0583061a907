// The agency's leads (issue 48): enquiries from other clients, and the admins' inbox
// (app/routes/api/leads.ts, admin-leads.ts, admin-lead.ts, admin-lead-notes.ts, admin-leads-csv.ts).
import { z } from "zod";
import { LeadInput } from "../../leads/inputs";
import { LeadChange, NoteInput } from "../../leads/leads.server";
import { NewsletterInput } from "../../leads/newsletter.server";
import { LEAD_EVENT_KINDS, LEAD_SOURCES, LEAD_STATUSES, LeadListQuery } from "../../leads/policy";
import { SERVICE_KEYS } from "../../leads/services";
import { type EndpointDoc, isoDate, json, ok, params } from "../registry";

/** What a sender is told: a reference for this message, never whether the address was known. */
export const LeadReceipt = z.strictObject({
  reference: z.string(),
  source: z.enum(LEAD_SOURCES),
  serviceKey: z.enum(SERVICE_KEYS).nullable(),
  courseId: z.int().nullable(),
  locale: z.enum(["en", "ar"]),
  status: z.literal("received"),
});

export const SentEnquiry = z.strictObject({ ok: z.literal(true), message: z.string(), lead: LeadReceipt });

const nullableText = z.string().nullable();

export const ApiLead = z.strictObject({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  phone: nullableText.describe("E.164, e.g. +966501234567"),
  company: nullableText,
  message: z.string().describe("The first message; later ones are in the history"),
  locale: z.string(),
  source: z.enum(LEAD_SOURCES),
  serviceKey: nullableText,
  courseId: z.int().nullable(),
  status: z.enum(LEAD_STATUSES),
  owner: z.strictObject({ id: z.uuid(), name: z.string() }).nullable(),
  followUpAt: isoDate.nullable(),
  utm: z.strictObject({
    source: nullableText,
    medium: nullableText,
    campaign: nullableText,
    term: nullableText,
    content: nullableText,
  }),
  referrer: nullableText,
  landingPath: nullableText,
  createdAt: isoDate,
  lastMessageAt: isoDate,
  updatedAt: isoDate,
});

export const ApiLeadEvent = z.strictObject({
  id: z.int(),
  kind: z.enum(LEAD_EVENT_KINDS),
  actor: z.strictObject({ id: z.uuid(), name: z.string() }).nullable(),
  body: nullableText,
  data: z.strictObject({
    subject: z.string().optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    ownerName: nullableText.optional(),
    followUpAt: nullableText.optional(),
    serviceKey: nullableText.optional(),
    courseId: z.int().nullable().optional(),
    bookingId: z.int().optional().describe("A consultation booking's id (kind `booking`)"),
    start: isoDate.optional().describe("The booked call's start (kind `booking`)"),
    booking: z.enum(["booked", "moved", "cancelled"]).optional(),
  }),
  createdAt: isoDate,
});

const counts = z.strictObject(
  Object.fromEntries(LEAD_STATUSES.map((status) => [status, z.int().min(0)])) as Record<
    (typeof LEAD_STATUSES)[number],
    z.ZodInt
  >,
);

export const leadEndpoints: EndpointDoc[] = [
  {
    method: "post",
    route: "api/leads",
    tag: "Contact",
    summary: "Ask about a service or a course",
    description:
      "The same rules as the contact form: de-duplicated by address within 90 days, rate-limited per address. The answer is the same whether the address was known.",
    auth: "public",
    body: json(LeadInput),
    responses: { 201: ok("Received", SentEnquiry) },
    errors: [[429, "rate_limited"]],
  },
  {
    method: "get",
    route: "api/admin/leads",
    tag: "Admin",
    summary: "The leads inbox",
    description:
      "Newest message first. Spam is listed only with `status=spam`. `counts` has every status under the other filters.",
    auth: "admin",
    query: LeadListQuery,
    responses: {
      200: ok(
        "A page of leads",
        z.strictObject({
          items: z.array(ApiLead),
          total: z.int().min(0),
          counts,
          limit: z.int(),
          offset: z.int(),
        }),
      ),
    },
  },
  {
    method: "get",
    route: "api/admin/leads.csv",
    tag: "Admin",
    summary: "The leads as CSV",
    description: "UTF-8 with a byte-order mark, CRLF lines; the list's filters; at most 10,000 rows.",
    auth: "admin",
    query: LeadListQuery.omit({ limit: true, offset: true }),
    responses: { 200: { description: "The CSV file", contentType: "text/csv" } },
  },
  {
    method: "get",
    route: "api/admin/leads/:id",
    tag: "Admin",
    summary: "One lead and its history",
    auth: "admin",
    params: params("id"),
    responses: {
      200: ok("The lead", z.strictObject({ lead: ApiLead, history: z.array(ApiLeadEvent) })),
    },
    errors: [[404, "not_found"]],
  },
  {
    method: "put",
    route: "api/admin/leads/:id",
    tag: "Admin",
    summary: "Change a lead's status, owner or follow-up date",
    description:
      "`null` clears the owner or the date. The owner must be an admin. Each change is in the history.",
    auth: "admin",
    params: params("id"),
    body: json(LeadChange),
    responses: { 200: ok("The lead", z.strictObject({ lead: ApiLead })) },
    errors: [[404, "not_found"]],
  },
  {
    method: "post",
    route: "api/admin/leads/:id/notes",
    tag: "Admin",
    summary: "Add a note to a lead's history",
    auth: "admin",
    params: params("id"),
    body: json(NoteInput),
    responses: { 201: ok("The note", z.strictObject({ event: ApiLeadEvent })) },
    errors: [[404, "not_found"]],
  },
];

export const newsletterEndpoints: EndpointDoc[] = [
  {
    method: "post",
    route: "api/newsletter",
    tag: "Contact",
    summary: "Sign up for the newsletter",
    description:
      "Double opt-in: a mail in `locale` (or the Accept-Language) carries a link whose page confirms the address. The answer is the same whether the address was new, waiting for its confirmation or already subscribed. A filled `website` (the honeypot) is accepted and ignored. Rate-limited per address.",
    auth: "public",
    body: json(NewsletterInput),
    responses: {
      202: ok(
        "Accepted: a confirmation mail is on its way",
        z.strictObject({ ok: z.literal(true), message: z.string() }),
      ),
    },
    errors: [[429, "rate_limited"]],
  },
];
