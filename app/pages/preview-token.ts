// A page's signed preview link (issue 49, item 4): `<expires at, ms>.<HMAC of slug and expiry>`, signed with
// the app's secret, so anyone holding the link sees the page's draft until it runs out, without signing in.
// Pure (the secret is passed in); unit-tested in tests/unit/pages-preview-token.test.ts.
import { createHmac, timingSafeEqual } from "node:crypto";

/** A preview link works for a day. */
export const PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;

const mac = (secret: string, slug: string, expires: string) =>
  createHmac("sha256", secret).update(["manara-page-preview", slug, expires].join("\0")).digest("base64url");

export function signPreviewToken(secret: string, slug: string, now = new Date()): string {
  const expires = String(now.getTime() + PREVIEW_TTL_MS);
  return `${expires}.${mac(secret, slug, expires)}`;
}

/** When the token for `slug` runs out, or null for a token not signed by us for this page, or past its time. */
export function verifyPreviewToken(
  secret: string,
  slug: string,
  token: string,
  now = new Date(),
): Date | null {
  if (token.length > 100) return null;
  const [expires, signature, ...rest] = token.split(".");
  if (rest.length > 0 || !expires || !signature || !/^[1-9]\d{0,15}$/.test(expires)) return null;
  const expected = Buffer.from(mac(secret, slug, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const at = new Date(Number(expires));
  return at.getTime() > now.getTime() ? at : null;
}
