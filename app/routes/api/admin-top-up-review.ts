// POST /api/admin/top-ups/:id/approve → {request} and POST /api/admin/top-ups/:id/reject {reason?}
// → {request}. Approving credits the wallet once: a second review of the same request answers 409.
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { topUpJson } from "../../wallet/api.server";
import { approveTopUp, RejectInput, rejectTopUp } from "../../wallet/top-ups.server";
import type { Route } from "./+types/admin-top-up-review";

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireApiRole(request, context, isAdmin);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const t = i18n.getFixedT(apiLocale(request), "wallet");
  const decision = params.decision;
  // The body is read first, so a malformed one is refused (400/413/415) whatever the id; it is optional:
  // an empty POST rejects without a reason.
  let reason: string | null = null;
  const hasBody = request.body !== null && request.headers.get("content-length") !== "0";
  if (decision === "reject" && hasBody) {
    const { data, error } = await readJsonBody(request, RejectInput, i18n, "wallet");
    if (error) return error;
    reason = data.reason;
  }
  const id = parseId(params.id);
  if (id === null || (decision !== "approve" && decision !== "reject")) {
    return apiError(404, "not_found", t("admin.notFound"));
  }
  const db = getDb(context);
  const outcome =
    decision === "approve"
      ? await approveTopUp(db, admin.id, id)
      : await rejectTopUp(db, admin.id, id, reason);
  if (!outcome.ok) {
    if (outcome.reason === "not_found") return apiError(404, "not_found", t("admin.notFound"));
    if (outcome.reason === "already_reviewed")
      return apiError(409, "already_reviewed", t("admin.alreadyReviewed"));
    return apiError(409, "balance_limit", t("admin.balanceLimit"));
  }
  return Response.json({ request: topUpJson(outcome.request) });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "POST");
}
