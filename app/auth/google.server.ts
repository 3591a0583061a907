// Google sign-in in one place: configuration from the environment, ID-token verification against Google's
// published keys, the account rules (find, link, create), and the remix-auth OAuth2 redirect flow on top.
import { and, eq, isNull } from "drizzle-orm";
import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from "jose";
import { createCookie } from "react-router";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { type Environment, environment, getSessionSecret, publicOrigin, readConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { isUniqueViolation } from "../db/errors";
import { type User, users } from "../db/schema";
import { DEFAULT_LOCALE, isLocale, type Locale, localeFromPath, localizePath } from "../i18n/languages";
import { findUserByEmail } from "./accounts.server";
import { safeRedirect } from "./redirect";

const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"] as const;

/** What verifying an ID token needs: the API endpoint works with only GOOGLE_CLIENT_ID set. */
export type GoogleIdTokenConfig = {
  clientId: string;
  jwksUrl: string;
  issuers: readonly string[];
};

/** What the browser redirect flow needs on top: the client secret and Google's OAuth endpoints. */
export type GoogleConfig = GoogleIdTokenConfig & {
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
};

/**
 * ID-token verification settings, or null when GOOGLE_CLIENT_ID is unset. POST /api/auth/google uses this:
 * a client that already holds an ID token (Google Identity Services, a mobile app) needs no client secret.
 * GOOGLE_JWKS_URL exists for tests and proxies; an empty variable counts as unset.
 */
export function googleIdTokenConfig(env: Environment = environment()): GoogleIdTokenConfig | null {
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  if (!clientId) return null;
  return {
    clientId,
    jwksUrl: env.GOOGLE_JWKS_URL || "https://www.googleapis.com/oauth2/v3/certs",
    issuers: GOOGLE_ISSUERS,
  };
}

/** The full redirect-flow configuration, or null unless both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
export function googleConfig(env: Environment = environment()): GoogleConfig | null {
  const idToken = googleIdTokenConfig(env);
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (!idToken || !clientSecret) return null;
  return {
    ...idToken,
    clientSecret,
    authorizationEndpoint: env.GOOGLE_AUTH_URL || "https://accounts.google.com/o/oauth2/v2/auth",
    tokenEndpoint: env.GOOGLE_TOKEN_URL || "https://oauth2.googleapis.com/token",
  };
}

/** Why an ID token was not accepted. `keys_unavailable` is our problem (Google's keys could not be fetched). */
export type GoogleTokenFailure = "invalid_token" | "missing_id_token" | "keys_unavailable";

export class GoogleTokenError extends Error {
  override name = "GoogleTokenError";
  constructor(
    readonly reason: GoogleTokenFailure,
    options?: { cause?: unknown },
  ) {
    // The message names the reason only: it must never carry the token itself.
    super(`Google ID token not accepted: ${reason}`, options);
  }
}

/** Why a verified Google identity may still not sign in. */
export type GoogleSignInFailure =
  /** Google has not verified the address, so it proves nothing about who owns it. */
  | "unverified_email"
  /** The address belongs to an account already linked to a different Google account. */
  | "account_conflict";

export class GoogleSignInError extends Error {
  override name = "GoogleSignInError";
  constructor(readonly reason: GoogleSignInFailure) {
    super(`Google sign-in refused: ${reason}`);
  }
}

export type GoogleClaims = { sub: string; email: string; email_verified: boolean; name?: string };

// jose caches keys and refetches on an unknown key id (with a cooldown), so one key set per URL is shared
// by every request instead of fetching Google's certificates each time.
const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function jwksFor(url: string) {
  let jwks = jwksByUrl.get(url);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(url));
    jwksByUrl.set(url, jwks);
  }
  return jwks;
}

/** jose reports an unreachable or broken key endpoint as a timeout, a generic JOSEError, or a plain fetch error. */
function isKeySetUnavailable(error: unknown): boolean {
  if (!(error instanceof joseErrors.JOSEError)) return true;
  return (
    error instanceof joseErrors.JWKSTimeout ||
    error instanceof joseErrors.JWKSInvalid ||
    error.code === "ERR_JOSE_GENERIC"
  );
}

/**
 * Verifies the signature against Google's keys, the audience (our client id), the issuer and the expiry,
 * and returns the claims we use. Any failure is a GoogleTokenError.
 */
export async function verifyGoogleIdToken(
  idToken: string,
  config: GoogleIdTokenConfig,
): Promise<GoogleClaims> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwksFor(config.jwksUrl), {
      audience: config.clientId,
      issuer: [...config.issuers],
      // Google signs ID tokens with RS256; refusing other algorithms closes algorithm-confusion tricks.
      algorithms: ["RS256"],
      // jose checks exp only when it is present; a token without an expiry must not live forever.
      requiredClaims: ["sub", "exp", "iat"],
      // A little slack for clock skew between Google and this server.
      clockTolerance: 30,
    }));
  } catch (error) {
    throw new GoogleTokenError(isKeySetUnavailable(error) ? "keys_unavailable" : "invalid_token", {
      cause: error,
    });
  }
  const { sub, email, name } = payload;
  if (typeof sub !== "string" || sub === "" || typeof email !== "string" || !email.includes("@")) {
    throw new GoogleTokenError("invalid_token");
  }
  return {
    sub,
    email: email.trim().toLowerCase(),
    // Google has sent this claim both as a boolean and as the string "true".
    email_verified: payload.email_verified === true || payload.email_verified === "true",
    ...(typeof name === "string" && name.trim() !== "" ? { name: name.trim() } : {}),
  };
}

async function findUserByGoogleSub(db: Database, sub: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.googleSub, sub));
  return user;
}

/** Same limit as the sign-up form's name field. */
const MAX_NAME_LENGTH = 80;

function displayName(claims: GoogleClaims): string {
  const name = claims.name ?? claims.email.split("@")[0] ?? claims.email;
  return name.slice(0, MAX_NAME_LENGTH) || claims.email;
}

/**
 * The user for a verified Google identity:
 * 1. an account already linked to this Google subject signs in;
 * 2. otherwise the email must be verified by Google, else GoogleSignInError("unverified_email") — an
 *    unverified address never links to an existing account and never creates one (creating one would squat
 *    an address its owner has not proven, and a later verified sign-in would then link to the squatter's row);
 * 3. an existing account with that email (case-insensitive) gets linked by setting googleSub, unless it is
 *    already linked to another Google subject (GoogleSignInError("account_conflict"));
 * 4. otherwise a new account is created: role user, no password, name from Google or the email's local part.
 * Concurrent first sign-ins of the same person are settled by the unique indexes: the loser's write does
 * nothing and the next round finds the winner's row.
 */
export async function signInWithGoogleClaims(db: Database, claims: GoogleClaims): Promise<User> {
  for (let round = 0; round < 3; round++) {
    const linked = await findUserByGoogleSub(db, claims.sub);
    if (linked) return linked;
    if (!claims.email_verified) throw new GoogleSignInError("unverified_email");

    const existing = await findUserByEmail(db, claims.email);
    if (existing) {
      // A concurrent sign-in of this same person may have linked the row between our two reads.
      if (existing.googleSub === claims.sub) return existing;
      if (existing.googleSub !== null) throw new GoogleSignInError("account_conflict");
      try {
        const [updated] = await db
          .update(users)
          .set({ googleSub: claims.sub })
          .where(and(eq(users.id, existing.id), isNull(users.googleSub)))
          .returning();
        if (updated) return updated;
      } catch (error) {
        // Another row took this Google subject meanwhile; the next round finds it.
        if (!isUniqueViolation(error)) throw error;
      }
      continue;
    }

    const [created] = await db
      .insert(users)
      .values({
        name: displayName(claims),
        email: claims.email,
        passwordHash: null,
        role: "user",
        googleSub: claims.sub,
      })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
  }
  throw new GoogleSignInError("account_conflict");
}

export const GOOGLE_STRATEGY = "google";

/** remix-auth-oauth2 keeps state and the PKCE verifier in cookies named `manara_oauth:<random id>`. */
export const OAUTH_STATE_COOKIE = "manara_oauth";
const OAUTH_COOKIE_PATH = "/auth/google";
const OAUTH_COOKIE_MAX_AGE = 600;

/**
 * One Authenticator per request: the verify callback closes over this request's database handle. The
 * callback URL is on the site's public origin (PUBLIC_URL), the one registered with Google, never the
 * request's Host.
 */
export function googleAuthenticator(db: Database, config: GoogleConfig): Authenticator<User> {
  const strategy = new OAuth2Strategy<User>(
    {
      cookie: {
        name: OAUTH_STATE_COOKIE,
        path: OAUTH_COOKIE_PATH,
        httpOnly: true,
        sameSite: "Lax",
        maxAge: OAUTH_COOKIE_MAX_AGE,
        // The cookie library's type accepts only `secure: true`, so the flag is left out rather than false.
        ...(readConfig().isProduction ? { secure: true as const } : {}),
      },
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      authorizationEndpoint: config.authorizationEndpoint,
      tokenEndpoint: config.tokenEndpoint,
      redirectURI: `${publicOrigin()}/auth/google/callback`,
      scopes: ["openid", "email", "profile"],
    },
    async ({ tokens }) => {
      let idToken: string;
      try {
        idToken = tokens.idToken();
      } catch (error) {
        throw new GoogleTokenError("missing_id_token", { cause: error });
      }
      // The token came straight from Google's token endpoint, but verifying it anyway costs little and
      // keeps one rule for every way an ID token reaches us.
      const claims = await verifyGoogleIdToken(idToken, config);
      return signInWithGoogleClaims(db, claims);
    },
  );
  return new Authenticator<User>().use(strategy, GOOGLE_STRATEGY);
}

/**
 * The Set-Cookie headers that expire the state cookie(s) holding `state`, so a finished flow's verifier does
 * not linger. Other tabs' pending flows keep theirs.
 */
export function expireOAuthStateCookies(request: Request, state: string | null): string[] {
  if (!state) return [];
  const secure = readConfig().isProduction ? "; Secure" : "";
  const expired: string[] = [];
  for (const pair of (request.headers.get("Cookie") ?? "").split(";")) {
    const separator = pair.indexOf("=");
    if (separator < 0) continue;
    const name = pair.slice(0, separator).trim();
    if (!name.startsWith(`${OAUTH_STATE_COOKIE}:`)) continue;
    let value = pair.slice(separator + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      continue;
    }
    if (new URLSearchParams(value).get("state") !== state) continue;
    expired.push(`${name}=; Path=${OAUTH_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  }
  return expired;
}

/** Where to go after Google, and in which language to greet. */
export type GoogleReturn = { redirectTo: string; locale: Locale };

type ReturnCookie = ReturnType<typeof createCookie>;
let returnCookie: ReturnCookie | undefined;

// Its name must not start with "manara_oauth": remix-auth-oauth2 reads every cookie with that prefix as state.
function googleReturnCookie(): ReturnCookie {
  returnCookie ??= createCookie("manara_google_return", {
    path: OAUTH_COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: readConfig().isProduction,
    maxAge: OAUTH_COOKIE_MAX_AGE,
    secrets: [getSessionSecret()],
  });
  return returnCookie;
}

/**
 * Reads `redirectTo` and `lang` from the start URL. The locale falls back to the target's own (an `/ar/…`
 * target means Arabic) and the target to that locale's home page.
 */
export function googleReturnFromUrl(url: URL): GoogleReturn {
  const target = safeRedirect(url.searchParams.get("redirectTo"), "");
  const lang = url.searchParams.get("lang");
  const targetLocale = target ? localeFromPath(new URL(target, url.origin).pathname) : DEFAULT_LOCALE;
  const locale: Locale = isLocale(lang) ? lang : targetLocale;
  return { redirectTo: target || localizePath("/", locale), locale };
}

export function rememberGoogleReturn(value: GoogleReturn): Promise<string> {
  return googleReturnCookie().serialize(value);
}

/** What the start step remembered; English home when the cookie is missing, expired or forged. */
export async function readGoogleReturn(request: Request): Promise<GoogleReturn> {
  const value: unknown = await googleReturnCookie().parse(request.headers.get("Cookie"));
  const remembered = (typeof value === "object" && value !== null ? value : {}) as Partial<
    Record<string, unknown>
  >;
  const locale = isLocale(remembered.locale) ? remembered.locale : DEFAULT_LOCALE;
  // The cookie is signed, but checking the target again costs nothing.
  const redirectTo = safeRedirect(
    typeof remembered.redirectTo === "string" ? remembered.redirectTo : null,
    localizePath("/", locale),
  );
  return { redirectTo, locale };
}

export function forgetGoogleReturn(): Promise<string> {
  return googleReturnCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
