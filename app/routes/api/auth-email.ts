// The caller's sign-in email (docs/decisions/043). GET → {email, pending}: the address and a change waiting
// for its link. POST {newEmail, currentPassword} → 202 {pending}: stores the change and mails a confirmation
// link to the new address and a notice to the current one; nothing changes until POST
// /api/auth/email/confirm. DELETE → 204: withdraws the pending change, if any.
import {
  cancelEmailChange,
  EmailChangeInput,
  type PendingEmailChange,
  pendingEmailChange,
  requestEmailChange,
} from "../../account/email.server";
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody, tooManyRequests } from "../../lib/api.server";
import { clientAddress } from "../../lib/client-address";
import type { Route } from "./+types/auth-email";

const NO_STORE = { "Cache-Control": "no-store" } as const;

function pendingJson(pending: PendingEmailChange | null) {
  return pending ? { email: pending.newEmail, expiresAt: pending.expiresAt.toISOString() } : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const pending = await pendingEmailChange(getDb(context), user.id);
  return Response.json({ email: user.email, pending: pendingJson(pending) }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireApiUser(request, context);
  const db = getDb(context);
  if (request.method === "DELETE") {
    await cancelEmailChange(db, user.id);
    return new Response(null, { status: 204, headers: NO_STORE });
  }
  if (request.method !== "POST") return methodNotAllowed(request, context, "GET, POST, DELETE");
  const i18n = getI18n(context);
  const { data, error } = await readJsonBody(request, EmailChangeInput, i18n, "auth");
  if (error) return error;
  const locale = apiLocale(request);
  const outcome = await requestEmailChange(db, {
    userId: user.id,
    input: data,
    address: clientAddress(context),
    locale,
    t: i18n.getFixedT(locale, "mail"),
  });
  if (!outcome.ok) {
    const t = i18n.getFixedT(locale, "auth");
    const failed = i18n.getFixedT(locale)("api.validationFailed");
    switch (outcome.reason) {
      case "rate_limited":
        return tooManyRequests(request, context, outcome.retryAfterSeconds);
      case "email_taken":
        return apiError(409, "email_taken", t("signup.emailTaken"), { newEmail: t("signup.emailTaken") });
      case "same_email":
        return apiError(422, "validation_failed", failed, { newEmail: t("email.same") });
      case "no_password":
        return apiError(422, "validation_failed", failed, { currentPassword: t("email.noPassword") });
      case "wrong_password":
        return apiError(422, "validation_failed", failed, { currentPassword: t("settings.wrongPassword") });
    }
  }
  return Response.json({ pending: pendingJson(outcome) }, { status: 202, headers: NO_STORE });
}
