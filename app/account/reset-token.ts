// The rules of a "forgot password" token, pure so they are unit-tested: 256 random bits, sent once in a
// link, stored only as a SHA-256 digest, valid for RESET_TOKEN_MINUTES. The email-change confirmation link
// follows the same rules with a longer life (newLinkToken).
import { createHash, randomBytes } from "node:crypto";

export const RESET_TOKEN_MINUTES = 30;

/** base64url of 32 bytes: 43 characters from [A-Za-z0-9_-]. */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newResetToken(now: Date = new Date()): { token: string; id: string; expiresAt: Date } {
  return newLinkToken(RESET_TOKEN_MINUTES, now);
}

/** A mailed link's token with its own lifetime; the email-change confirmation link uses the same rules. */
export function newLinkToken(
  minutes: number,
  now: Date = new Date(),
): { token: string; id: string; expiresAt: Date } {
  const token = randomBytes(32).toString("base64url");
  return { token, id: resetTokenId(token), expiresAt: new Date(now.getTime() + minutes * 60_000) };
}

/** What the table keeps: the digest, so a leaked row resets nothing. */
export function resetTokenId(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token as it may arrive (a URL, a form, JSON); anything else is not worth a database lookup. */
export function isWellFormedResetToken(value: unknown): value is string {
  return typeof value === "string" && RESET_TOKEN_PATTERN.test(value);
}
