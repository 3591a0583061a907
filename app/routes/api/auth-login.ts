// POST /api/auth/login {email, password} → 200 {user, token}; the same rules and limits as the page.
import { ApiLoginInput, toApiUser } from "../../auth/accounts.server";
import { createSession } from "../../auth/session.server";
import { signInWithPassword } from "../../auth/sign-in.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody, tooManyRequests } from "../../lib/api.server";
import { clientAddress } from "../../lib/client-address";
import type { Route } from "./+types/auth-login";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const i18n = getI18n(context);
  const { data, error } = await readJsonBody(request, ApiLoginInput, i18n, "auth");
  if (error) return error;
  const db = getDb(context);
  const outcome = await signInWithPassword(db, clientAddress(context), data.email, data.password);
  if (!outcome.ok) {
    if (outcome.reason === "rate_limited")
      return tooManyRequests(request, context, outcome.retryAfterSeconds);
    return apiError(401, "unauthorized", i18n.getFixedT(apiLocale(request), "auth")("login.invalid"));
  }
  const token = await createSession(db, outcome.user.id, "api", request.headers.get("User-Agent"));
  // A bearer token must never sit in a cache (a proxy's or the browser's).
  return Response.json(
    { user: toApiUser(outcome.user), token },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const loader = ({ request, context }: Route.LoaderArgs) => methodNotAllowed(request, context, "POST");
