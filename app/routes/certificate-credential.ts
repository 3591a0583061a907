// GET /certificates/:id/credential.json: the certificate's signed Open Badges 3.0 credential, with the
// session cookie; its owner and admins only, as for its PDF (others get 404). Guests are sent to sign in.
import { requireUser } from "../auth/guards.server";
import { credentialResponse } from "../credentials/answers.server";
import { certificateCredential } from "../credentials/credentials.server";
import { getDb } from "../db/context";
import type { Route } from "./+types/certificate-credential";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const found = await certificateCredential(getDb(context), user, params.id);
  if (!found.ok) return new Response("Not Found", { status: 404 });
  return credentialResponse(found.credential, found.code);
}
