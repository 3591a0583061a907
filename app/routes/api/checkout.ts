// POST /api/checkout {method, provider?, courseIds?, couponCode?} → 201 {order} (issue 46, item 8): without
// courseIds the caller's cart. A wallet checkout answers its order already paid; a card checkout answers
// 201 {order, redirectUrl} with the order pending (422 provider_unavailable while no provider is on, 502
// provider_error when the provider does not open a payment).
import { requireApiUser } from "../../auth/guards.server";
import { getCartCourseIds } from "../../commerce/cart.server";
import { purchaseRefusal } from "../../commerce/refusals";
import { readConfig } from "../../config.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { checkout } from "../../orders/checkout.server";
import { CheckoutInput } from "../../orders/inputs";
import { orderJson } from "../../orders/orders.server";
import type { Route } from "./+types/checkout";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireApiUser(request, context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const locale = apiLocale(request);
  const t = i18n.getFixedT(locale, "orders");
  const { data, error } = await readJsonBody(request, CheckoutInput, i18n, "orders");
  if (error) return error;
  const db = getDb(context);
  const courseIds = data.courseIds ?? (await getCartCourseIds(db, request, user));
  const outcome = await checkout(db, user.id, {
    ...data,
    courseIds,
    currency: readConfig().currency,
    locale,
  });
  if (outcome.ok)
    return Response.json(
      outcome.redirectUrl === undefined
        ? { order: orderJson(outcome.order) }
        : { order: orderJson(outcome.order), redirectUrl: outcome.redirectUrl },
      { status: 201 },
    );
  switch (outcome.reason) {
    case "provider_error":
      return apiError(502, "provider_error", t("checkout.errors.providerError"));
    case "provider_unavailable":
      return apiError(422, "provider_unavailable", t("checkout.errors.providerUnavailable"), {
        method: t("checkout.errors.providerUnavailable"),
      });
    case "nothing_to_buy":
      return apiError(409, "nothing_to_buy", t("checkout.errors.nothingToBuy"));
    default: {
      const refusal = purchaseRefusal(
        outcome,
        i18n.getFixedT(locale, "catalog"),
        locale,
        readConfig().currency,
      );
      return apiError(refusal.status, refusal.code, refusal.message, refusal.fields);
    }
  }
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "POST");
}
