// POST /api/payments/paymob/webhook?hmac=…: Paymob's transaction processed callback (issue 46, item 4),
// authenticated by its HMAC-SHA512 (PAYMOB_HMAC_SECRET, compared in constant time) and by nothing else, never a
// token or cookie. A verified transaction queues a `card-settle` job keyed by the transaction and its signature
// (the same callback delivered again queues nothing; a later change of the transaction, a refund, does) and is
// answered 200 at once: the job settles the order from Paymob's transaction inquiry, never from this body.
// Callbacks of another type (a saved card's TOKEN) are acknowledged and ignored. 401 for a wrong or missing
// hmac, 400 for a body that is not a transaction, 404 while Paymob is not configured.
import { readPaymobConfig } from "../../config.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { enqueueJob } from "../../jobs/queue.server";
import { apiError, apiLocale, bodyErrorResponse, methodNotAllowed } from "../../lib/api.server";
import { BodyError, readBodyBytes } from "../../lib/request-body.server";
import {
  PaymobCallback,
  paymobHmacMatches,
  paymobOrderIdHint,
} from "../../payments/providers/paymob-callback";
import type { Route } from "./+types/paymob-webhook";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export async function action({ request, context }: Route.ActionArgs) {
  const i18n = getI18n(context);
  const locale = apiLocale(request);
  const config = readPaymobConfig();
  if (!config) return apiError(404, "not_found", i18n.getFixedT(locale)("api.notFound"));
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const t = i18n.getFixedT(locale, "payments");
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(await readBodyBytes(request)));
  } catch (error) {
    if (error instanceof BodyError) return bodyErrorResponse(error, i18n.getFixedT(locale));
    return apiError(400, "bad_request", i18n.getFixedT(locale)("api.invalidJson"));
  }
  if (isRecord(body) && typeof body.type === "string" && body.type !== "TRANSACTION")
    return Response.json({ received: true, result: "ignored" });
  const hmac = new URL(request.url).searchParams.get("hmac") ?? "";
  const transaction = isRecord(body) && isRecord(body.obj) ? body.obj : null;
  if (!transaction || !paymobHmacMatches(transaction, hmac, config.hmacSecret))
    return apiError(401, "unauthorized", t("api.badPaymobHmac"));
  const parsed = PaymobCallback.safeParse(body);
  if (!parsed.success) return apiError(400, "bad_request", t("api.badPaymobBody"));
  const callback = parsed.data;
  const db = getDb(context);
  const job = await enqueueJob(
    db,
    db,
    "card-settle",
    { provider: "paymob", reference: String(callback.obj.order.id), orderId: paymobOrderIdHint(callback) },
    { key: `paymob:${callback.obj.id}:${hmac.slice(0, 32).toLowerCase()}` },
  );
  return Response.json({ received: true, result: job === null ? "duplicate" : "queued" });
}

export function loader({ request, context }: Route.LoaderArgs) {
  if (!readPaymobConfig()) {
    return apiError(404, "not_found", getI18n(context).getFixedT(apiLocale(request))("api.notFound"));
  }
  return methodNotAllowed(request, context, "POST");
}
