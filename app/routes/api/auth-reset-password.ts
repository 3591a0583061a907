// POST /api/auth/reset-password {token, password} → {revokedSessions}: spends a reset link's token and sets
// the password; every session and API token of the account ends. 422 (fields.token) for a token that is
// unknown, used or expired.
import { ResetPasswordInput, resetPassword } from "../../account/password-reset.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiLocale, methodNotAllowed, readJsonBody, validationFailed } from "../../lib/api.server";
import type { Route } from "./+types/auth-reset-password";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const { data, error } = await readJsonBody(request, ResetPasswordInput, i18n, "auth");
  if (error) return error;
  const outcome = await resetPassword(getDb(context), data);
  if (!outcome.ok) {
    const locale = apiLocale(request);
    return validationFailed(request, i18n, {
      token: i18n.getFixedT(locale, "auth")("reset.invalidLink"),
    });
  }
  return Response.json(
    { revokedSessions: outcome.revokedSessions },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const loader = ({ request, context }: Route.LoaderArgs) => methodNotAllowed(request, context, "POST");
