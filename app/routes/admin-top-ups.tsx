// /dashboard/admin/top-ups: learners' bank-transfer top-up requests; approving credits the wallet once.

import { z } from "zod";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { AdminTopUps } from "../components/admin/top-ups-page";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { localizePath } from "../i18n/languages";
import { parseForm } from "../lib/forms.server";
import { formatMoney } from "../lib/money";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { entityId } from "../lib/validation";
import {
  approveTopUp,
  listTopUps,
  RejectInput,
  rejectTopUp,
  TOP_UP_STATUSES,
  type TopUpStatus,
} from "../wallet/top-ups.server";
import type { Route } from "./+types/admin-top-ups";
export const handle = { i18n: ["wallet"] };

function readStatus(url: URL): TopUpStatus {
  const status = url.searchParams.get("status");
  return TOP_UP_STATUSES.find((known) => known === status) ?? "pending";
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const status = readStatus(url);
  const pageNumber = parsePage(url);
  const { items, total } = await listTopUps(getDb(context), {
    status,
    limit: PAGE_SIZE,
    offset: (pageNumber - 1) * PAGE_SIZE,
  });
  const currency = readConfig().currency;
  const money = (minorUnits: number) => formatMoney(minorUnits, page.locale, currency);
  const t = page.tIn("wallet");
  return {
    meta: page.listMeta(t("admin.title"), t("admin.metaDescription"), pageNumber),
    status,
    statuses: TOP_UP_STATUSES,
    items: items.map(({ request: item, userName, userEmail, walletBalance }) => ({
      id: item.id,
      userName,
      userEmail,
      amount: money(item.amount),
      balance: money(walletBalance),
      reference: item.reference,
      rejectReason: item.rejectReason,
      requestedAt: page.date(item.createdAt.toISOString()),
      reviewedAt: item.reviewedAt ? page.date(item.reviewedAt.toISOString()) : null,
    })),
    total,
    page: pageNumber,
    pageCount: Math.ceil(total / PAGE_SIZE),
  };
}

const ReviewForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id: entityId("errors.formInvalid") }),
  RejectInput.extend({ intent: z.literal("reject"), id: entityId("errors.formInvalid") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireRole(request, context, isAdmin);
  const { locale } = pageContext(request, context);
  const t = getI18n(context).getFixedT(locale, "wallet");
  const back = localizePath("/dashboard/admin/top-ups", locale);
  const parsed = await parseForm(request, ReviewForm, t);
  if (!parsed.ok) return toasts().redirectWithError(back, t("errors.formInvalid"));
  const db = getDb(context);
  const outcome =
    parsed.data.intent === "approve"
      ? await approveTopUp(db, admin.id, parsed.data.id)
      : await rejectTopUp(db, admin.id, parsed.data.id, parsed.data.reason);
  if (!outcome.ok) {
    const message = {
      not_found: t("admin.notFound"),
      already_reviewed: t("admin.alreadyReviewed"),
      balance_limit: t("admin.balanceLimit"),
    }[outcome.reason];
    return toasts().redirectWithError(back, message);
  }
  const name = outcome.ownerName;
  const amount = formatMoney(outcome.request.amount, locale, readConfig().currency);
  return toasts().redirectWithSuccess(
    back,
    parsed.data.intent === "approve" ? t("admin.approved", { amount, name }) : t("admin.rejected", { name }),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminTopUpsRoute({ loaderData }: Route.ComponentProps) {
  return <AdminTopUps loaderData={loaderData} />;
}
