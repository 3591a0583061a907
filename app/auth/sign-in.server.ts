// The sign-in and sign-up flows every entry point shares: rate limits, credentials, then a session.
import { clearGuestCartCookie, mergeGuestCartIntoAccount } from "../commerce/cart.server";
import type { Database } from "../db/client.server";
import type { User } from "../db/schema";
import { toasts } from "../lib/toast.server";
import { authenticateWithPassword, registerUser, type SignupInput } from "./accounts.server";
import { hitRateLimit, hitRateLimits, peekRateLimit, RATE_LIMITS } from "./rate-limit.server";
import { createSession, deleteSession, readSessionToken, sessionCookie } from "./session.server";

export type SignInOutcome =
  | { ok: true; user: User }
  | { ok: false; reason: "invalid_credentials" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/** `address`: where the attempt came from (app/lib/client-address.ts), for the per-address limits. */
export async function signInWithPassword(
  db: Database,
  address: string,
  email: string,
  password: string,
): Promise<SignInOutcome> {
  // Failures are counted per account *and* address, and successes not at all: a stranger guessing at
  // someone's password locks only their own address out, never the owner (docs/decisions/008).
  const failuresKey = `login:failures:${address}:${email.toLowerCase()}`;
  const perIp = await hitRateLimit(db, `login:ip:${address}`, RATE_LIMITS.loginPerIp);
  const failures = await peekRateLimit(db, failuresKey, RATE_LIMITS.loginFailuresPerAccountAndIp);
  const blocked = [perIp, failures].find((decision) => !decision.allowed);
  if (blocked && !blocked.allowed)
    return { ok: false, reason: "rate_limited", retryAfterSeconds: blocked.retryAfterSeconds };
  const user = await authenticateWithPassword(db, email, password);
  if (user) return { ok: true, user };
  await hitRateLimit(db, failuresKey, RATE_LIMITS.loginFailuresPerAccountAndIp);
  return { ok: false, reason: "invalid_credentials" };
}

export type SignUpOutcome =
  | { ok: true; user: User }
  | { ok: false; reason: "email_taken" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

export async function signUp(db: Database, address: string, input: SignupInput): Promise<SignUpOutcome> {
  const limit = await hitRateLimits(db, [
    { key: `signup:ip:${address}`, rule: RATE_LIMITS.signupPerIp },
    { key: `signup:account:${input.email.toLowerCase()}`, rule: RATE_LIMITS.signupPerAccount },
  ]);
  if (!limit.allowed)
    return { ok: false, reason: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  return registerUser(db, input);
}

/**
 * Starts a browser session for `user` and redirects with a toast. A fresh session id at every sign-in
 * (and the old one, if any, deleted) prevents session fixation.
 */
export async function startBrowserSession(
  db: Database,
  request: Request,
  user: User,
  { redirectTo, message }: { redirectTo: string; message: string },
): Promise<Response> {
  const previous = await readSessionToken(request);
  if (previous) await deleteSession(db, previous);
  const token = await createSession(db, user.id, "browser", request.headers.get("User-Agent"));
  const clearedGuestCart = await mergeGuestCartIntoAccount(db, request, user.id);
  const response = await toasts().redirectWithSuccess(redirectTo, message);
  response.headers.append("Set-Cookie", await sessionCookie().serialize(token));
  if (clearedGuestCart) response.headers.append("Set-Cookie", clearedGuestCart);
  return response;
}

/**
 * Ends the browser session (deletes the row) and clears the cookie. The browser's cart empties with it
 * (SPEC §4); the account's saved cart stays in the database for its next sign-in.
 */
export async function endBrowserSession(
  db: Database,
  request: Request,
  { redirectTo, message }: { redirectTo: string; message: string },
) {
  const token = await readSessionToken(request);
  if (token) await deleteSession(db, token);
  const response = await toasts().redirectWithSuccess(redirectTo, message);
  response.headers.append(
    "Set-Cookie",
    await sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) }),
  );
  response.headers.append("Set-Cookie", await clearGuestCartCookie());
  return response;
}
