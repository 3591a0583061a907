// The SPEC's cheap checks on a Google ID token before any network call, so obvious mistakes (an access token,
// a wrapped object, a truncated string) get a precise answer instead of a generic "invalid signature".

/** The wrapper fields a client may put the ID token in, checked in this order. */
const WRAPPER_FIELDS = ["token", "credential", "idToken"] as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The token candidate from a request body `{ token }`. `token` may be the string itself or one object that
 * wraps it in `token`, `credential` (what Google Identity Services hands the browser) or `idToken`; the first
 * of those fields that is present (not undefined) wins. Only one level is unwrapped. Anything else is
 * returned as it is, so the shape check can say what it got.
 */
export function extractGoogleToken(body: unknown): unknown {
  if (!isPlainObject(body)) return undefined;
  const token = body.token;
  if (!isPlainObject(token)) return token;
  for (const field of WRAPPER_FIELDS) {
    if (token[field] !== undefined) return token[field];
  }
  return undefined;
}

/** `typeof`, except that null reads "null" and arrays read "array", which is what a client needs to hear. */
function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

const MIN_TOKEN_LENGTH = 50;

export type GoogleTokenShape = { ok: true; token: string } | { ok: false; message: string };

/**
 * Applies the SPEC rules in order; the messages are the SPEC's exact English text (clients match on them),
 * so they are deliberately not translated. The token is never trimmed or otherwise changed.
 */
export function checkGoogleTokenShape(token: unknown): GoogleTokenShape {
  if (typeof token !== "string") {
    return { ok: false, message: `Invalid token format - expected string, got ${describeType(token)}` };
  }
  if (token.length < MIN_TOKEN_LENGTH) return { ok: false, message: "Invalid token - too short" };
  // Every JWT starts with a base64url-encoded `{"`, which is "eyJ".
  if (token.startsWith("eyJ")) return { ok: true, token };
  if (token.startsWith("ya29")) {
    return {
      ok: false,
      message: "Received Access Token instead of ID Token. Check Google Cloud Console configuration.",
    };
  }
  return { ok: false, message: "Invalid token format - must be a JWT" };
}
