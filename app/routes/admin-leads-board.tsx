// /dashboard/admin/leads/board: the leads by status (issue 48, item 2), one column per status. A card moves
// by its own plain form (a status select and a button, with or without JavaScript) or, with JavaScript, by
// drag and drop; both post here, the move shows at once and rolls back with a toast if the server refuses.
// Spam has its column only when asked for (`?spam=1`).
import { z } from "zod";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { LeadBoard } from "../components/leads/board-page";
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { localizePath } from "../i18n/languages";
import { changeLead, listLeads } from "../leads/leads.server";
import { BOARD_COLUMN_SIZE, boardStatuses, LEAD_STATUSES } from "../leads/policy";
import { fail, succeed } from "../lib/enhanced-action.server";
import { guardServerAction, skipRevalidationAfterFailedRequest } from "../lib/fetcher-failure";
import { readForm, validateForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { INT4_MAX } from "../lib/validation";
import type { Route } from "./+types/admin-leads-board";

export const handle = { i18n: ["leads", "pages"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const withSpam = url.searchParams.get("spam") === "1";
  const db = getDb(context);
  const statuses = boardStatuses(withSpam);
  const columns = await Promise.all(
    statuses.map((status) => listLeads(db, { status, limit: BOARD_COLUMN_SIZE, offset: 0 })),
  );
  const t = page.tIn("leads");
  const services = page.t("pages:services.items", { returnObjects: true }) as unknown as {
    icon: string;
    title: string;
  }[];
  return {
    meta: page.meta(t("board.title"), t("inbox.metaDescription")),
    withSpam,
    statuses: LEAD_STATUSES,
    columns: statuses.map((status, index) => {
      const column = columns[index];
      return {
        status,
        total: column?.total ?? 0,
        items: (column?.items ?? []).map((lead) => ({
          id: lead.id,
          name: lead.name,
          email: lead.email,
          company: lead.company,
          status: lead.status,
          source: lead.source,
          service: lead.serviceKey
            ? (services.find((service) => service.icon === lead.serviceKey)?.title ?? lead.serviceKey)
            : null,
          campaign: lead.utmCampaign ?? lead.utmSource,
          ownerName: lead.ownerName,
          lastMessage: page.date(lead.lastMessageAt.toISOString()),
        })),
      };
    }),
  };
}

const MoveForm = z.object({
  intent: z.literal("move"),
  leadId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.int().max(INT4_MAX)),
  status: z.enum(LEAD_STATUSES, { error: "errors.statusInvalid" }),
});

export async function action({ request, url, context }: Route.ActionArgs) {
  const admin = requireRole(request, context, isAdmin);
  const { locale } = pageContext(request, context);
  const t = getI18n(context).getFixedT(locale, "leads");
  const back = localizePath(
    `/dashboard/admin/leads/board${url.searchParams.get("spam") === "1" ? "?spam=1" : ""}`,
    locale,
  );
  const formData = await readForm(request);
  const form = validateForm(formData, MoveForm, t);
  if (!form.ok) return fail(formData, back, t("errors.statusInvalid"), 400);
  const outcome = await changeLead(getDb(context), admin.id, form.data.leadId, { status: form.data.status });
  if (!outcome.ok) return fail(formData, back, t("errors.notFound"), 404);
  return succeed(formData, back, t("board.moved", { status: t(`statuses.${outcome.lead.status}`) }), {
    leadId: outcome.lead.id,
    status: outcome.lead.status,
  });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardServerAction(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailedRequest;

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminLeadsBoardRoute({ loaderData }: Route.ComponentProps) {
  return <LeadBoard loaderData={loaderData} />;
}
