// POST /api/auth/google: trades a Google ID token (e.g. from Google Identity Services) for an API session.
import { toApiUser } from "../../auth/accounts.server";
import {
  GoogleSignInError,
  GoogleTokenError,
  googleIdTokenConfig,
  signInWithGoogleClaims,
  verifyGoogleIdToken,
} from "../../auth/google.server";
import { checkGoogleTokenShape, extractGoogleToken } from "../../auth/google-token";
import { createSession } from "../../auth/session.server";
import { getDb } from "../../db/context";
import type { User } from "../../db/schema";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, bodyErrorResponse, methodNotAllowed } from "../../lib/api.server";
import { logger } from "../../lib/logger.server";
import { BodyError, readJsonValue } from "../../lib/request-body.server";
import type { Route } from "./+types/auth-google";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const t = getI18n(context).getFixedT(apiLocale(request));

  let body: unknown;
  try {
    body = await readJsonValue(request);
  } catch (error) {
    if (error instanceof BodyError) return bodyErrorResponse(error, t);
    throw error;
  }
  // The SPEC's shape messages are exact English strings that clients match on, in every locale.
  const shape = checkGoogleTokenShape(extractGoogleToken(body));
  if (!shape.ok) return apiError(400, "bad_request", shape.message);

  // Verifying an ID token needs only the client id; without it Google sign-in is simply not offered.
  const config = googleIdTokenConfig();
  if (!config) return apiError(404, "not_found", t("api.notFound"));

  const db = getDb(context);
  let user: User;
  try {
    user = await signInWithGoogleClaims(db, await verifyGoogleIdToken(shape.token, config));
  } catch (error) {
    if (error instanceof GoogleTokenError) {
      // A bad token is the client's business; unreachable Google keys are ours, so tell the operator.
      if (error.reason === "keys_unavailable")
        logger("auth").error("Google sign-in: could not load Google's signing keys");
      return apiError(401, "unauthorized", t("auth:google.failed"), undefined, {
        headers: { "WWW-Authenticate": 'Bearer realm="manara"' },
      });
    }
    if (error instanceof GoogleSignInError) {
      return error.reason === "unverified_email"
        ? apiError(403, "forbidden", t("auth:google.unverifiedEmail"))
        : apiError(409, "email_taken", t("auth:signup.emailTaken"));
    }
    throw error;
  }

  const token = await createSession(db, user.id, "api", request.headers.get("User-Agent"));
  // The body carries a bearer token: no cache may keep it.
  return Response.json({ user: toApiUser(user), token }, { headers: { "Cache-Control": "no-store" } });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowed(request, context, "POST");
}
