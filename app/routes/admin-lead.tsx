// /dashboard/admin/leads/:id: one lead (issue 48) — who wrote and from which campaign, its whole history,
// and the follow-up: status, owner and date in one form, a note, and a reply mailed through the queue.
import { data } from "react-router";
import { z } from "zod";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { LeadPage } from "../components/leads/lead-page";
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { localizePath } from "../i18n/languages";
import {
  addLeadNote,
  changeLead,
  getLead,
  listLeadOwners,
  NoteInput,
  ReplyInput,
  replyToLead,
} from "../leads/leads.server";
import { LEAD_STATUSES, withinYears } from "../leads/policy";
import { parseForm } from "../lib/forms.server";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import type { Route } from "./+types/admin-lead";

export const handle = { i18n: ["leads", "pages"] };

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const id = parseId(params.id);
  const db = getDb(context);
  const found = id === null ? null : await getLead(db, id);
  if (!found) throw notFound();
  const { lead, history } = found;
  const t = page.tIn("leads");
  const services = page.t("pages:services.items", { returnObjects: true }) as unknown as {
    icon: string;
    title: string;
  }[];
  return {
    meta: page.meta(t("lead.title", { name: lead.name }), t("inbox.metaDescription")),
    lead: {
      id: lead.id,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      message: lead.message,
      locale: lead.locale,
      source: lead.source,
      service: lead.serviceKey
        ? (services.find((service) => service.icon === lead.serviceKey)?.title ?? lead.serviceKey)
        : null,
      courseId: lead.courseId,
      status: lead.status,
      ownerId: lead.ownerId ?? "",
      followUpDate: lead.followUpAt ? lead.followUpAt.toISOString().slice(0, 10) : "",
      attribution: {
        utmSource: lead.utmSource,
        utmMedium: lead.utmMedium,
        utmCampaign: lead.utmCampaign,
        utmTerm: lead.utmTerm,
        utmContent: lead.utmContent,
        referrer: lead.referrer,
        landingPath: lead.landingPath,
      },
      received: page.date(lead.createdAt.toISOString()),
    },
    history: history.map((event) => ({
      id: event.id,
      kind: event.kind,
      actorName: event.actorName,
      body: event.body,
      data: event.data,
      at: new Date(event.createdAt).toISOString(),
      when: page.date(event.createdAt.toISOString()),
    })),
    statuses: LEAD_STATUSES,
    owners: await listLeadOwners(db),
  };
}

const optionalDate = z.union([
  z.literal(""),
  z.iso.date({ error: "errors.followUpInvalid" }).refine(withinYears, { error: "errors.followUpInvalid" }),
]);

const LeadForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("update"),
    status: z.enum(LEAD_STATUSES, { error: "errors.statusInvalid" }),
    ownerId: z.union([z.literal(""), z.uuid({ error: "errors.ownerInvalid" })]),
    followUpAt: optionalDate,
  }),
  z.object({ intent: z.literal("status"), status: z.enum(LEAD_STATUSES, { error: "errors.statusInvalid" }) }),
  NoteInput.extend({ intent: z.literal("note") }),
  ReplyInput.extend({ intent: z.literal("reply") }),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireRole(request, context, isAdmin);
  const { locale } = pageContext(request, context);
  const t = getI18n(context).getFixedT(locale, "leads");
  const id = parseId(params.id);
  if (id === null) throw notFound();
  const back = localizePath(`/dashboard/admin/leads/${id}`, locale);
  const form = await parseForm(request, LeadForm, t);
  if (!form.ok) {
    return data({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  }
  const db = getDb(context);
  const input = form.data;
  if (input.intent === "note") {
    const outcome = await addLeadNote(db, admin.id, id, input.body);
    if (!outcome.ok) throw notFound();
    return toasts().redirectWithSuccess(back, t("lead.noteAdded"));
  }
  if (input.intent === "reply") {
    const outcome = await replyToLead(db, admin.id, id, { subject: input.subject, body: input.body });
    if (!outcome.ok) {
      if (outcome.reason === "not_found") throw notFound();
      return toasts().redirectWithError(back, t("errors.spam"));
    }
    return toasts().redirectWithSuccess(back, t("lead.replySent"));
  }
  const change =
    input.intent === "status"
      ? { status: input.status }
      : {
          status: input.status,
          ownerId: input.ownerId === "" ? null : input.ownerId,
          followUpAt: input.followUpAt === "" ? null : input.followUpAt,
        };
  const outcome = await changeLead(db, admin.id, id, change);
  if (!outcome.ok) {
    if (outcome.reason === "not_found") throw notFound();
    return toasts().redirectWithError(back, t("errors.ownerNotAdmin"));
  }
  return toasts().redirectWithSuccess(back, t("lead.saved"));
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminLeadRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <LeadPage loaderData={loaderData} actionData={actionData} />;
}
