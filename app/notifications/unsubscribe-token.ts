// The one-click unsubscribe link of a notification mail (RFC 8058): `<user id>.<type>.<HMAC>`, signed with
// the app's secret, so it works without signing in and only for its recipient and its type. Pure (the
// secret is passed in); unit-tested in tests/unit/unsubscribe-token.test.ts.
import { createHmac, timingSafeEqual } from "node:crypto";
import { isNotificationType, type NotificationType } from "./types";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(secret: string, userId: string, type: NotificationType): string {
  return createHmac("sha256", secret).update(`manara-unsubscribe\0${userId}\0${type}`).digest("base64url");
}

export function signUnsubscribeToken(secret: string, userId: string, type: NotificationType): string {
  return `${userId}.${type}.${mac(secret, userId, type)}`;
}

/** Whom and which type a token is for, or null for anything not signed by us. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; type: NotificationType } | null {
  if (token.length > 200) return null;
  const [userId, type, signature, ...rest] = token.split(".");
  if (rest.length > 0 || !userId || !type || !signature) return null;
  if (!UUID.test(userId) || !isNotificationType(type)) return null;
  const expected = Buffer.from(mac(secret, userId, type));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, type };
}
