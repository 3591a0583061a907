// POST /api/payments/moyasar/webhook: Moyasar's events and its invoices' callbacks (issue 46, item 4),
// authenticated by the body's `secret_token` (MOYASAR_WEBHOOK_SECRET, compared in constant time), never by
// a token or cookie. A verified event about an invoice queues a `card-settle` job, keyed by the event's id
// (a replay queues nothing), and is answered 200 at once: the job settles the order from Moyasar's API,
// never from this body. 401 for a wrong or missing secret, 400 for a body that is not an event, 404 while
// Moyasar is not configured.
import { readMoyasarConfig } from "../../config.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { enqueueJob } from "../../jobs/queue.server";
import { apiError, apiLocale, bodyErrorResponse, methodNotAllowed } from "../../lib/api.server";
import { BodyError, readBodyBytes } from "../../lib/request-body.server";
import {
  MoyasarWebhookEvent,
  orderIdHint,
  webhookSecretMatches,
} from "../../payments/providers/moyasar-webhook";
import type { Route } from "./+types/moyasar-webhook";

export async function action({ request, context }: Route.ActionArgs) {
  const i18n = getI18n(context);
  const locale = apiLocale(request);
  const config = readMoyasarConfig();
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
  const token =
    typeof body === "object" && body !== null && "secret_token" in body ? body.secret_token : undefined;
  if (typeof token !== "string" || !webhookSecretMatches(token, config.webhookSecret))
    return apiError(401, "unauthorized", t("api.badWebhookSecret"));
  const parsed = MoyasarWebhookEvent.safeParse(body);
  if (!parsed.success) return apiError(400, "bad_request", t("api.badWebhookBody"));
  const event = parsed.data;
  const reference = event.data.invoice_id;
  // A payment made outside an invoice (another integration on the account) is no order of ours.
  if (!reference) return Response.json({ received: true, result: "ignored" });
  const db = getDb(context);
  const job = await enqueueJob(
    db,
    db,
    "card-settle",
    { provider: "moyasar", reference, orderId: orderIdHint(event) },
    { key: `moyasar:${event.id}` },
  );
  return Response.json({ received: true, result: job === null ? "duplicate" : "queued" });
}

export function loader({ request, context }: Route.LoaderArgs) {
  if (!readMoyasarConfig()) {
    return apiError(404, "not_found", getI18n(context).getFixedT(apiLocale(request))("api.notFound"));
  }
  return methodNotAllowed(request, context, "POST");
}
