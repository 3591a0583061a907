// GET /credentials/status/:list: a revocation status list of certificates' Open Badges credentials, as a
// signed BitstringStatusListCredential. Public: verifiers anywhere read it; it names nobody.
import { statusListCredential } from "../credentials/credentials.server";
import { parseStatusListNumber } from "../credentials/open-badge";
import { getDb } from "../db/context";
import type { Route } from "./+types/credential-status-list";

export async function loader({ context, params }: Route.LoaderArgs) {
  const list = parseStatusListNumber(params.list);
  if (list === null) return new Response("Not Found", { status: 404 });
  return Response.json(await statusListCredential(getDb(context), list), {
    // A revocation shows within a minute in caches; the server's own cache empties at once.
    headers: { "Cache-Control": "public, max-age=60" },
  });
}
