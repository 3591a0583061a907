// What POST /api/credentials/verify reads: the VC API's shape, `{verifiableCredential: {...}}`.
import { z } from "zod";

export const VerifyCredentialInput = z.object({
  verifiableCredential: z.record(z.string(), z.unknown(), { error: "credential.errors.notAnObject" }),
});
