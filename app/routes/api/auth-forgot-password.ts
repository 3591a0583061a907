// POST /api/auth/forgot-password {email} → 202 {message}: mails a reset link if the address has an account.
// The answer (and its timing) is the same either way; only the per-address rate limit answers 429.
import { ForgotPasswordInput, requestPasswordReset } from "../../account/password-reset.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiLocale, methodNotAllowed, readJsonBody, tooManyRequests } from "../../lib/api.server";
import { clientAddress } from "../../lib/client-address";
import type { Route } from "./+types/auth-forgot-password";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const { data, error } = await readJsonBody(request, ForgotPasswordInput, i18n, "auth");
  if (error) return error;
  const locale = apiLocale(request);
  const outcome = await requestPasswordReset(getDb(context), {
    email: data.email,
    address: clientAddress(context),
    locale,
    t: i18n.getFixedT(locale, "mail"),
  });
  if (!outcome.ok) return tooManyRequests(request, context, outcome.retryAfterSeconds);
  return Response.json(
    { message: i18n.getFixedT(locale, "auth")("forgot.apiAccepted") },
    { status: 202, headers: { "Cache-Control": "no-store" } },
  );
}

export const loader = ({ request, context }: Route.LoaderArgs) => methodNotAllowed(request, context, "POST");
