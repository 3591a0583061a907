// POST /api/wallet/top-up {amount, reference?}. With Stripe configured → 201 {checkoutUrl, sessionId}: pay
// there; the wallet is credited by Stripe's signed webhook. Without → 201 {request: {id, amount, status:
// "pending", transferReference, …}}: a bank-transfer top-up, credited when an admin approves it; 409 when
// three already wait, or while no admin has entered the bank account (GET /api/wallet/bank-transfer).
import { requireApiUser } from "../../auth/guards.server";
import { readConfig } from "../../config.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { startCardTopUp } from "../../payments/card-top-ups.server";
import { cardPayments } from "../../payments/stripe.server";
import { topUpJson } from "../../wallet/api.server";
import { requestTopUp, TopUpInput } from "../../wallet/top-ups.server";
import type { Route } from "./+types/wallet-top-up";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireApiUser(request, context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const { data, error } = await readJsonBody(request, TopUpInput, i18n, "wallet");
  if (error) return error;
  const payments = cardPayments();
  if (payments) {
    const started = await startCardTopUp(getDb(context), payments, {
      userId: user.id,
      email: user.email,
      amount: data.amount,
      currency: readConfig().currency,
      returnPath: "/account/wallet",
      productName: i18n.getFixedT(apiLocale(request), "payments")("checkout.productName"),
    });
    if (!started.ok) {
      return apiError(502, "internal_error", i18n.getFixedT(apiLocale(request), "payments")("errors.stripe"));
    }
    return Response.json(
      { checkoutUrl: started.checkoutUrl, sessionId: started.payment.sessionId },
      { status: 201 },
    );
  }
  const outcome = await requestTopUp(getDb(context), user.id, data);
  if (!outcome.ok) {
    const t = i18n.getFixedT(apiLocale(request), "wallet");
    return outcome.reason === "transfer_unavailable"
      ? apiError(409, "transfer_unavailable", t("topUp.unavailable"))
      : apiError(409, "too_many_pending", t("topUp.tooManyPending"));
  }
  return Response.json({ request: topUpJson(outcome.request) }, { status: 201 });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "POST");
}
