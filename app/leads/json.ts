// Leads in the API's JSON (issue 48): the public receipt of an enquiry, and the admins' full lead and history.
import type { Lead, LeadEvent } from "../db/schema";
import type { LeadSource } from "./policy";

/**
 * What a sender is told about the lead their message went to: the message's reference and what they sent,
 * never the lead's id or anything stored before — the answer is the same for a new address and a known one.
 */
export function leadReceiptJson(
  outcome: { eventId: number },
  fields: { serviceKey?: string; courseId?: number },
  locale: string,
  source?: LeadSource,
) {
  return {
    reference: `msg-${outcome.eventId}`,
    source: source ?? (fields.serviceKey ? "service" : "contact"),
    serviceKey: fields.serviceKey ?? null,
    courseId: fields.courseId ?? null,
    locale,
    status: "received" as const,
  };
}

export function leadJson(lead: Lead & { ownerName: string | null }) {
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    company: lead.company,
    message: lead.message,
    locale: lead.locale,
    source: lead.source,
    serviceKey: lead.serviceKey,
    courseId: lead.courseId,
    status: lead.status,
    owner: lead.ownerId ? { id: lead.ownerId, name: lead.ownerName ?? "" } : null,
    followUpAt: lead.followUpAt?.toISOString() ?? null,
    utm: {
      source: lead.utmSource,
      medium: lead.utmMedium,
      campaign: lead.utmCampaign,
      term: lead.utmTerm,
      content: lead.utmContent,
    },
    referrer: lead.referrer,
    landingPath: lead.landingPath,
    createdAt: lead.createdAt.toISOString(),
    lastMessageAt: lead.lastMessageAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
  };
}

export function leadEventJson(event: LeadEvent & { actorName: string | null }) {
  return {
    id: event.id,
    kind: event.kind,
    actor: event.actorId ? { id: event.actorId, name: event.actorName ?? "" } : null,
    body: event.body,
    data: event.data,
    createdAt: event.createdAt.toISOString(),
  };
}
