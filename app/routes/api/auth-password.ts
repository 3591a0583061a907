// POST /api/auth/password {currentPassword, newPassword} → {revokedSessions}: changes the caller's password
// and ends every other session (the calling token stays valid). 422 with a field error for a wrong
// current password.
import { changePassword, PasswordChangeInput } from "../../account/security.server";
import { requireApiUser } from "../../auth/guards.server";
import { getViewer } from "../../auth/viewer";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiLocale, methodNotAllowed, readJsonBody, validationFailed } from "../../lib/api.server";
import type { Route } from "./+types/auth-password";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireApiUser(request, context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const { data, error } = await readJsonBody(request, PasswordChangeInput, i18n, "auth");
  if (error) return error;
  const outcome = await changePassword(getDb(context), user.id, getViewer(context).token ?? "", data);
  if (!outcome.ok) {
    const locale = apiLocale(request);
    return validationFailed(request, i18n, {
      currentPassword: i18n.getFixedT(locale, "auth")("settings.wrongPassword"),
    });
  }
  return Response.json(
    { revokedSessions: outcome.revokedSessions },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "POST");
}
