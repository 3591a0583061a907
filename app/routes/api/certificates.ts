// GET /api/certificates: the caller's certificates, newest first, titles in the Accept-Language locale.
import { requireApiUser } from "../../auth/guards.server";
import { listCertificates } from "../../certificates/certificates.server";
import { certificateJson } from "../../certificates/json.server";
import { getDb } from "../../db/context";
import { apiLocale, methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/certificates";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const locale = apiLocale(request);
  const listed = await listCertificates(getDb(context), user.id, locale);
  return Response.json({ items: listed.map(certificateJson) });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
