// GET /certificates/:id/pdf: the stored PDF on the site, with the session cookie; owner and admins only
// (others get 404, as for an id that does not exist). Guests are sent to sign in first.
import { requireUser } from "../auth/guards.server";
import { pdfResponse } from "../certificates/certificates.server";
import { certificatePdf } from "../certificates/pdf-file.server";
import { certificateStore } from "../certificates/store.server";
import { getDb } from "../db/context";
import type { Route } from "./+types/certificate-pdf";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const found = await certificatePdf(getDb(context), certificateStore(), user, params.id);
  if (!found.ok) return new Response("Not Found", { status: 404 });
  return pdfResponse(found.bytes, found.code);
}
