// POST /api/credentials/verify: checks an Open Badges 3.0 credential — format, issuer, signature, status,
// dates — and says how each step went. Public: anyone holding a credential may ask.
import { verificationJson } from "../../credentials/answers.server";
import { verifyCredential } from "../../credentials/credentials.server";
import { VerifyCredentialInput } from "../../credentials/input";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiLocale, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import type { Route } from "./+types/credentials-verify";

export async function action({ request, context }: Route.ActionArgs) {
  const i18n = getI18n(context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const { data, error } = await readJsonBody(request, VerifyCredentialInput, i18n, "certificates");
  if (error) return error;
  const verification = await verifyCredential(getDb(context), data.verifiableCredential);
  const t = i18n.getFixedT(apiLocale(request), "certificates");
  return Response.json(verificationJson(verification, t), {
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowed(request, context, "POST");
}
