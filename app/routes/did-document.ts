// GET /.well-known/did.json: the site's DID document (did:web), with every key its credentials were signed
// with, current and retired, as Ed25519 Multikeys (app/credentials/did.ts).
import { siteDidDocument } from "../credentials/credentials.server";

export function loader() {
  return Response.json(siteDidDocument(), {
    headers: { "Content-Type": "application/did+json", "Cache-Control": "public, max-age=300" },
  });
}
