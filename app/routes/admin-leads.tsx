// /dashboard/admin/leads: the agency's inbox (issue 48) — every lead but spam, newest message first, with
// filters (status, source, owner, service, dates, text) and the count of each status.
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { AdminLeads } from "../components/leads/inbox-page";
import { getDb } from "../db/context";
import { listLeadOwners, listLeads } from "../leads/leads.server";
import { LEAD_SOURCES, LEAD_STATUSES } from "../leads/policy";
import { leadListFromUrl } from "../leads/query";
import { SERVICE_KEYS } from "../leads/services";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import type { Route } from "./+types/admin-leads";

export const handle = { i18n: ["leads", "pages"] };

const LIST_SIZE = PAGE_SIZE * 2;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const pageNumber = parsePage(url);
  const query = leadListFromUrl(url, LIST_SIZE, (pageNumber - 1) * LIST_SIZE);
  const db = getDb(context);
  const [{ items, total, counts }, owners] = await Promise.all([listLeads(db, query), listLeadOwners(db)]);
  const t = page.tIn("leads");
  const services = page.t("pages:services.items", { returnObjects: true }) as unknown as {
    icon: string;
    title: string;
  }[];
  return {
    meta: page.listMeta(t("inbox.title"), t("inbox.metaDescription"), pageNumber),
    filters: {
      status: query.status ?? "",
      source: query.source ?? "",
      owner: query.owner ?? "",
      service: query.service ?? "",
      q: query.q ?? "",
      from: query.from ?? "",
      to: query.to ?? "",
    },
    statuses: LEAD_STATUSES,
    sources: LEAD_SOURCES,
    services: SERVICE_KEYS.map((key) => ({
      key,
      title: services.find((service) => service.icon === key)?.title ?? key,
    })),
    owners,
    counts,
    exportQuery: url.search,
    items: items.map((lead) => ({
      id: lead.id,
      name: lead.name,
      email: lead.email,
      company: lead.company,
      status: lead.status,
      source: lead.source,
      serviceKey: lead.serviceKey,
      ownerName: lead.ownerName,
      received: page.date(lead.createdAt.toISOString()),
      lastMessage: page.date(lead.lastMessageAt.toISOString()),
      followUp: lead.followUpAt ? page.date(lead.followUpAt.toISOString()) : null,
      campaign: lead.utmCampaign ?? lead.utmSource,
    })),
    total,
    page: pageNumber,
    pageCount: Math.ceil(total / LIST_SIZE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminLeadsRoute({ loaderData }: Route.ComponentProps) {
  return <AdminLeads loaderData={loaderData} />;
}
