// GET /auth/google/callback: Google sends the visitor back here; sign them in, or say why not on the login page.
import { OAuth2RequestError } from "remix-auth-oauth2";
import {
  expireOAuthStateCookies,
  forgetGoogleReturn,
  GOOGLE_STRATEGY,
  GoogleSignInError,
  GoogleTokenError,
  googleAuthenticator,
  googleConfig,
  readGoogleReturn,
} from "../auth/google.server";
import { landingPath } from "../auth/redirect";
import { startBrowserSession } from "../auth/sign-in.server";
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { localizePath } from "../i18n/languages";
import { logger } from "../lib/logger.server";
import { toasts } from "../lib/toast.server";
import type { Route } from "./+types/auth-google-callback";

/** The translation key (auth namespace) that tells the visitor what went wrong. */
function failureMessageKey(error: unknown): string {
  if (error instanceof GoogleSignInError) {
    return error.reason === "unverified_email" ? "google.unverifiedEmail" : "signup.emailTaken";
  }
  return "google.failed";
}

/** A one-line reason for the server log: error names and OAuth error codes only, never a token. */
function describeFailure(error: unknown): string {
  if (error instanceof GoogleTokenError || error instanceof GoogleSignInError)
    return `${error.name}: ${error.reason}`;
  if (error instanceof OAuth2RequestError) return `OAuth2RequestError: ${error.code}`;
  return error instanceof Error ? error.name : "unknown error";
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const config = googleConfig();
  if (!config) return new Response("Not Found", { status: 404 });
  const db = getDb(context);
  const state = url.searchParams.get("state");
  const { redirectTo, locale } = await readGoogleReturn(request);
  const t = getI18n(context).getFixedT(locale, "auth");

  let response: Response;
  try {
    // Without a state the strategy would start a new flow instead; here that can only be a bad link.
    if (!state) throw new ReferenceError("Missing state in the callback URL.");
    const user = await googleAuthenticator(db, config).authenticate(GOOGLE_STRATEGY, request);
    response = await startBrowserSession(db, request, user, {
      // No page asked for (the start step remembers the home page then): the role's landing (issue 50).
      redirectTo: redirectTo === localizePath("/", locale) ? landingPath(user, locale) : redirectTo,
      message: t("login.welcome", { name: user.name }),
    });
  } catch (error) {
    // A visitor who cancels at Google lands here too, so this is a warning, not an error.
    logger("auth").warn(`Google sign-in did not complete (${describeFailure(error)})`);
    const login = localizePath("/auth/login", locale);
    const home = localizePath("/", locale);
    const target = redirectTo === home ? login : `${login}?${new URLSearchParams({ redirectTo })}`;
    response = await toasts().redirectWithError(target, t(failureMessageKey(error)));
  }
  response.headers.append("Set-Cookie", await forgetGoogleReturn());
  for (const expired of expireOAuthStateCookies(request, state))
    response.headers.append("Set-Cookie", expired);
  return response;
}
