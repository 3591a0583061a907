// POST /api/auth/email/confirm {token} → {user}: makes the caller's pending email change, with the token of
// the link mailed to the new address (docs/decisions/043). Only the account that asked may confirm: another
// account's token is `token_invalid`, like a used or replaced one; one that ran out is 410 `token_expired`;
// an address taken in between is 409.
import { confirmEmailChange, EMAIL_CHANGE_HOURS, EmailChangeConfirmInput } from "../../account/email.server";
import { toApiUser } from "../../auth/accounts.server";
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import type { Route } from "./+types/auth-email-confirm";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireApiUser(request, context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const { data, error } = await readJsonBody(request, EmailChangeConfirmInput, i18n, "auth");
  if (error) return error;
  const locale = apiLocale(request);
  const outcome = await confirmEmailChange(getDb(context), {
    userId: user.id,
    token: data.token,
    locale,
    t: i18n.getFixedT(locale, "mail"),
  });
  if (!outcome.ok) {
    const t = i18n.getFixedT(locale, "auth");
    switch (outcome.reason) {
      case "invalid_token":
        return apiError(422, "token_invalid", t("emailConfirm.invalid"), {
          token: t("emailConfirm.invalid"),
        });
      case "expired": {
        const message = t("emailConfirm.expired", { count: EMAIL_CHANGE_HOURS });
        return apiError(410, "token_expired", message, { token: message });
      }
      case "email_taken":
        return apiError(409, "email_taken", t("emailConfirm.taken"));
    }
  }
  return Response.json(
    { user: toApiUser({ ...user, email: outcome.newEmail }) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "POST");
}
