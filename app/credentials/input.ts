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

/**
 * The verify page's form as one text field: the pasted JSON, or — when nothing was pasted — the text of the
 * uploaded file (`file`), so both ways go through the same schema. Other fields are kept as they are.
 */
export async function pastedOrUploaded(formData: FormData): Promise<FormData> {
  const fields = new FormData();
  let pasted = "";
  let uploaded: File | null = null;
  for (const [name, value] of formData) {
    if (name === "file" && typeof value !== "string") uploaded = value.size > 0 ? value : uploaded;
    else if (name === "credential" && typeof value === "string") pasted = value;
    else if (typeof value === "string") fields.append(name, value);
  }
  fields.set("credential", pasted.trim() === "" && uploaded ? await uploaded.text() : pasted);
  return fields;
}
