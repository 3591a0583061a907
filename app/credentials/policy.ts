// The rules of checking a credential that need no key and no database: its shape, whose it is, and its
// dates. credentials.server.ts runs them beside the signature and status checks.
import { hostOfDidWeb } from "./did";
import { VC_V2_CONTEXT } from "./open-badge";

export type CheckName = "format" | "issuer" | "signature" | "status" | "dates";

/** One step of a verification; `reason` is a key under `credentials:checks.<check>` in locales/. */
export type CheckOutcome = { check: CheckName; passed: boolean; reason: string };

/** Verifiers allow this much clock difference, as @digitalbazaar/vc does (300 s). */
export const MAX_CLOCK_SKEW_MS = 300_000;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

/** The issuer's id, whether `issuer` is a URL or a profile object. */
export function issuerId(credential: Json): string | null {
  const { issuer } = credential;
  if (typeof issuer === "string") return issuer;
  if (isObject(issuer) && typeof issuer.id === "string") return issuer.id;
  return null;
}

/** The proof's verification method id, when there is exactly one proof. */
export function proofVerificationMethod(credential: Json): string | null {
  const { proof } = credential;
  if (!isObject(proof)) return null;
  const method = proof.verificationMethod;
  if (typeof method === "string") return method;
  if (isObject(method) && typeof method.id === "string") return method.id;
  return null;
}

/**
 * The most objects and arrays, and the deepest nesting, a credential may have before it is refused unread.
 * Canonicalising JSON-LD costs more than linearly in its blank nodes (1,500 small objects took ~0.8 s on
 * this project's machine), and anyone may post a credential: ours have ~20 objects and 5 levels.
 */
export const MAX_CREDENTIAL_NODES = 200;
export const MAX_CREDENTIAL_DEPTH = 12;

/** Whether `value` stays within those bounds, counted without recursion (a deep input cannot overflow). */
export function withinCredentialBounds(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  let nodes = 0;
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== "object" || item === null) continue;
    nodes += 1;
    if (nodes > MAX_CREDENTIAL_NODES || depth > MAX_CREDENTIAL_DEPTH) return false;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return true;
}

/** An OB3 credential in VC 2.0 form, with an issuer and one proof; what verification can start from. */
export function formatCheck(credential: unknown): CheckOutcome & { credential?: Json } {
  const fail = (reason: string) => ({ check: "format" as const, passed: false, reason });
  if (!isObject(credential)) return fail("notObject");
  if (!withinCredentialBounds(credential)) return fail("tooComplex");
  const contexts = asArray(credential["@context"]);
  if (contexts[0] !== VC_V2_CONTEXT) return fail("notVc2");
  const types = asArray(credential.type);
  if (!types.includes("VerifiableCredential")) return fail("notVc2");
  if (!types.includes("OpenBadgeCredential") && !types.includes("AchievementCredential"))
    return fail("notOpenBadge");
  if (!issuerId(credential)) return fail("noIssuer");
  if (!proofVerificationMethod(credential)) return fail("noProof");
  return { check: "format", passed: true, reason: "ok", credential };
}

/**
 * Whose credential it is. Only this site's did:web is resolved — locally, from its own keys — since
 * resolving another did:web means fetching a URL that the credential's author chose (a server-side request
 * we do not make). The proof's key must be one of the DID's own.
 */
export function issuerCheck(
  credential: Json,
  ours: { did: string; verificationMethods: readonly string[] },
): CheckOutcome {
  const fail = (reason: string) => ({ check: "issuer" as const, passed: false, reason });
  const issuer = issuerId(credential) ?? "";
  if (issuer !== ours.did) return fail(hostOfDidWeb(issuer) ? "otherDidWeb" : "unsupportedIssuer");
  const method = proofVerificationMethod(credential) ?? "";
  if (!ours.verificationMethods.includes(method)) return fail("unknownKey");
  return { check: "issuer", passed: true, reason: "ok" };
}

function parseDate(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  // XML Schema dateTimeStamp, as VC 2.0 requires: a time zone is mandatory.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** validFrom is required and has come; validUntil, if any, has not passed (both within the clock skew). */
export function datesCheck(credential: Json, now: Date): CheckOutcome {
  const fail = (reason: string) => ({ check: "dates" as const, passed: false, reason });
  const validFrom = parseDate(credential.validFrom);
  if (!validFrom) return fail("invalidDate");
  if (validFrom.getTime() - MAX_CLOCK_SKEW_MS > now.getTime()) return fail("notYetValid");
  if (credential.validUntil !== undefined) {
    const validUntil = parseDate(credential.validUntil);
    if (!validUntil) return fail("invalidDate");
    if (validUntil.getTime() + MAX_CLOCK_SKEW_MS < now.getTime()) return fail("expired");
  }
  return { check: "dates", passed: true, reason: "ok" };
}

/** The date a signature is checked at: the credential's own validFrom, so a date problem is the dates check's. */
export function signatureCheckDate(credential: Json, now: Date): Date {
  return parseDate(credential.validFrom) ?? now;
}
