// POST /api/auth/signup {userName, email, password} → 201 {user, token}.
import { ApiSignupInput, toApiUser } from "../../auth/accounts.server";
import { createSession } from "../../auth/session.server";
import { signUp } from "../../auth/sign-in.server";
import { sendWelcomeMail } from "../../auth/welcome.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody, tooManyRequests } from "../../lib/api.server";
import { clientAddress } from "../../lib/client-address";
import type { Route } from "./+types/auth-signup";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const { data, error } = await readJsonBody(request, ApiSignupInput, i18n, "auth");
  if (error) return error;
  const t = i18n.getFixedT(apiLocale(request), "auth");
  const db = getDb(context);
  const outcome = await signUp(db, clientAddress(context), data);
  if (!outcome.ok) {
    if (outcome.reason === "rate_limited")
      return tooManyRequests(request, context, outcome.retryAfterSeconds);
    return apiError(409, "email_taken", t("signup.emailTaken"), { email: t("signup.emailTaken") });
  }
  await sendWelcomeMail(context, apiLocale(request), outcome.user);
  const token = await createSession(db, outcome.user.id, "api", request.headers.get("User-Agent"));
  // A bearer token must never sit in a cache (a proxy's or the browser's).
  return Response.json(
    { user: toApiUser(outcome.user), token },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}

export const loader = ({ request, context }: Route.LoaderArgs) => methodNotAllowed(request, context, "POST");
