// The credential routes' answers, one place: a signed credential as a download, a verification with each
// check's message in the asked language.
import type { TFunction } from "../i18n/translator";
import type { CredentialVerification } from "./credentials.server";

/** A credential's JSON as it downloads, and as the certificate PDF carries it (credential.json). */
export function credentialJson(credential: Record<string, unknown>): string {
  return JSON.stringify(credential, null, 2);
}

/** A signed credential as a JSON download, private to whoever asked (owner or admin). */
export function credentialResponse(credential: Record<string, unknown>, code: string): Response {
  return new Response(credentialJson(credential), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="manara-credential-${code}.json"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** `{verified, checks: [{check, passed, reason, message}]}`, messages from `certificates:credential.checks`. */
export function verificationJson(verification: CredentialVerification, t: TFunction) {
  return {
    verified: verification.verified,
    checks: verification.checks.map(({ check, passed, reason }) => ({
      check,
      passed,
      reason,
      message: t(`credential.checks.${check}.${reason}`),
    })),
  };
}
