// The newsletter's signed links (issue 48, item 5): `<id>.<requested at, ms>.<HMAC>` confirms a sign-up and
// `<id>.<HMAC>` unsubscribes, signed with the app's secret so they work without signing in and only for
// their address. A confirmation link is bound to the sign-up it answered (its time), so a later sign-up or
// an unsubscribe makes it stale. Pure (the secret is passed in); unit-tested in tests/unit/newsletter-token.test.ts.
import { createHmac, timingSafeEqual } from "node:crypto";

/** A confirmation link is good for a week after the sign-up it answers. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function mac(secret: string, purpose: "confirm" | "unsubscribe", parts: readonly string[]): string {
  return createHmac("sha256", secret)
    .update(["manara-newsletter", purpose, ...parts].join("\0"))
    .digest("base64url");
}

function same(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const positive = (text: string | undefined): number | null =>
  text && /^[1-9]\d{0,15}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null;

export function signConfirmToken(secret: string, id: number, requestedAt: Date): string {
  const at = String(requestedAt.getTime());
  return `${id}.${at}.${mac(secret, "confirm", [String(id), at])}`;
}

/** The sign-up a confirmation token answers, or null for anything not signed by us or past its week. */
export function verifyConfirmToken(
  secret: string,
  token: string,
  now = new Date(),
): { id: number; requestedAt: Date } | null {
  if (token.length > 200) return null;
  const [idText, atText, signature, ...rest] = token.split(".");
  const id = positive(idText);
  const at = positive(atText);
  if (rest.length > 0 || id === null || at === null || id > 2_147_483_647 || !signature) return null;
  if (!same(mac(secret, "confirm", [String(id), String(at)]), signature)) return null;
  if (now.getTime() - at > CONFIRM_TTL_MS) return null;
  return { id, requestedAt: new Date(at) };
}

export function signUnsubscribeToken(secret: string, id: number): string {
  return `${id}.${mac(secret, "unsubscribe", [String(id)])}`;
}

export function verifyUnsubscribeToken(secret: string, token: string): { id: number } | null {
  if (token.length > 200) return null;
  const [idText, signature, ...rest] = token.split(".");
  const id = positive(idText);
  if (rest.length > 0 || id === null || id > 2_147_483_647 || !signature) return null;
  if (!same(mac(secret, "unsubscribe", [String(id)]), signature)) return null;
  return { id };
}
