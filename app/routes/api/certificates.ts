// GET /api/certificates: the caller's certificates, newest first, titles in the Accept-Language locale.
import { desc, eq } from "drizzle-orm";
import { requireApiUser } from "../../auth/guards.server";
import { certificateJson } from "../../certificates/json.server";
import { getDb } from "../../db/context";
import { certificates } from "../../db/schema";
import { apiLocale, methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/certificates";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const locale = apiLocale(request);
  const rows = await getDb(context)
    .select()
    .from(certificates)
    .where(eq(certificates.userId, user.id))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  return Response.json({ items: rows.map((row) => certificateJson(row, locale)) });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
