// POST /api/admin/top-ups/:id/approve → {request} and POST /api/admin/top-ups/:id/reject {reason?}
// → {request}. Approving credits the wallet once: a second review of the same request answers 409.
import { ADMIN_ROLES, requireApiRole } from "../../auth/guards.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { getDb } from "../../middleware/database.server";
import { getI18n } from "../../middleware/i18next.server";
import { topUpJson } from "../../wallet/api.server";
import { approveTopUp, RejectInput, rejectTopUp } from "../../wallet/top-ups.server";
import type { Route } from "./+types/admin-top-up-review";

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireApiRole(request, context, ADMIN_ROLES);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const t = i18n.getFixedT(apiLocale(request), "wallet");
  const id = parseId(params.id);
  const decision = params.decision;
  if (id === null || (decision !== "approve" && decision !== "reject")) {
    return apiError(404, "not_found", t("admin.notFound"));
  }
  const db = getDb(context);
  let outcome: Awaited<ReturnType<typeof approveTopUp>>;
  if (decision === "approve") {
    outcome = await approveTopUp(db, admin.id, id);
  } else {
    // The reason is optional, and so is the body: an empty POST rejects without one.
    const hasBody = request.headers.get("content-length") !== "0" && request.body !== null;
    let reason: string | null = null;
    if (hasBody) {
      const { data, error } = await readJsonBody(request, RejectInput, i18n, "wallet");
      if (error) return error;
      reason = data.reason;
    }
    outcome = await rejectTopUp(db, admin.id, id, reason);
  }
  if (!outcome.ok) {
    if (outcome.reason === "not_found") return apiError(404, "not_found", t("admin.notFound"));
    if (outcome.reason === "already_reviewed") return apiError(409, "conflict", t("admin.alreadyReviewed"));
    return apiError(409, "conflict", t("admin.balanceLimit"));
  }
  return Response.json({ request: topUpJson(outcome.request) });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, ADMIN_ROLES);
  return methodNotAllowed(request, context, "POST");
}
