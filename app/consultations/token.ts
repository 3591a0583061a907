// The link in a consultation's mails (issue 48, item 4): `<booking id>.<HMAC>`, signed with the app's secret,
// so the person who booked can open their booking, cancel or move it, and download its invite without an
// account — and nobody can reach another booking by changing the number. Pure (the secret is passed in);
// unit-tested in tests/unit/consultation-token.test.ts.
import { createHmac, timingSafeEqual } from "node:crypto";
import { INT4_MAX } from "../lib/validation";

function mac(secret: string, id: number): string {
  return createHmac("sha256", secret).update(`manara-consultation\0${id}`).digest("base64url");
}

export function signBookingToken(secret: string, id: number): string {
  return `${id}.${mac(secret, id)}`;
}

/** The booking a token is for, or null for anything we did not sign. */
export function verifyBookingToken(secret: string, token: string): number | null {
  if (token.length > 100) return null;
  const [idText, signature, ...rest] = token.split(".");
  if (rest.length > 0 || !idText || !signature || !/^[1-9]\d{0,9}$/.test(idText)) return null;
  const id = Number(idText);
  if (id > INT4_MAX) return null;
  const expected = Buffer.from(mac(secret, id));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return id;
}
