// POST /api/newsletter {email, locale?} → 202 {ok, message}: a newsletter sign-up with double opt-in (issue
// 48, item 5): a confirmation mail in `locale` (or Accept-Language) goes out; the answer is the same whether
// the address was new, pending or already subscribed. The sign-up form's rate limit applies.
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { NO_ATTRIBUTION } from "../../leads/attribution";
import { NewsletterInput, subscribe } from "../../leads/newsletter.server";
import { apiLocale, methodNotAllowed, readJsonBody, tooManyRequests } from "../../lib/api.server";
import { clientAddress } from "../../lib/client-address";
import type { Route } from "./+types/newsletter";

export async function action({ request, context }: Route.ActionArgs) {
  const i18n = getI18n(context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const { data, error } = await readJsonBody(request, NewsletterInput, i18n, "leads");
  if (error) return error;
  const locale = data.locale ?? apiLocale(request);
  const outcome = await subscribe(
    getDb(context),
    { email: data.email, locale },
    {
      clientAddress: clientAddress(context),
      spam: Boolean(data.website?.trim()),
      attribution: NO_ATTRIBUTION,
    },
  );
  if (!outcome.ok) return tooManyRequests(request, context, outcome.retryAfterSeconds);
  return Response.json(
    { ok: true, message: i18n.getFixedT(locale, "leads")("newsletter.sent.body") },
    { status: 202 },
  );
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowed(request, context, "POST");
}
