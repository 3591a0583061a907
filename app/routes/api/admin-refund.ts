// POST /api/admin/enrollments/:id/refund {reason, override?} → {refunded, to, balance}: ends the learner's
// access and returns what they paid where it came from: their wallet, or the card that paid (`to`; the
// provider's refund follows by a job). 409 past the refund window without `override`.
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { RefundInput, refundEnrollment, refundWindowDays } from "../../commerce/refunds.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { toCurrencyUnits } from "../../wallet/wallet.server";
import type { Route } from "./+types/admin-refund";

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireApiRole(request, context, isAdmin);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const t = i18n.getFixedT(apiLocale(request), "wallet");
  const { data, error } = await readJsonBody(request, RefundInput, i18n, "wallet");
  if (error) return error;
  const id = parseId(params.id);
  if (id === null) return apiError(404, "not_found", t("refunds.notFound"));
  const outcome = await refundEnrollment(getDb(context), admin.id, id, data);
  if (!outcome.ok) {
    if (outcome.reason === "not_found") return apiError(404, "not_found", t("refunds.notFound"));
    if (outcome.reason === "outside_window")
      return apiError(409, "refund_window_closed", t("refunds.outsideWindow", { count: refundWindowDays() }));
    return apiError(409, "balance_limit", t("refunds.balanceLimit"));
  }
  return Response.json({
    refunded: toCurrencyUnits(outcome.refunded),
    to: outcome.to,
    balance: toCurrencyUnits(outcome.balance),
  });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "POST");
}
