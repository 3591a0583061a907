// What POST /api/credentials/verify reads: the VC API's shape, `{verifiableCredential: {...}}`.
import { z } from "zod";

export const VerifyCredentialInput = z.object({
  verifiableCredential: z.record(z.string(), z.unknown(), { error: "credential.errors.notAnObject" }),
});

/** The most a pasted credential may weigh (ours are a few KB; the form body itself is bounded at 1 MB). */
export const PASTED_CREDENTIAL_MAX = 200_000;

/** The verify page's form: one field holding the credential's JSON text, pasted. */
export const PastedCredentialForm = z.object({
  credential: z
    .string({ error: "credential.errors.pasteRequired" })
    .trim()
    .min(1, { error: "credential.errors.pasteRequired" })
    .max(PASTED_CREDENTIAL_MAX, { error: "credential.errors.pasteTooLong" })
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: "custom", message: "credential.errors.notJson" });
        return z.NEVER;
      }
    }),
});
