// GET /api/admin/pages/:slug/revisions → {items: [{id, number, kind, createdAt, author}]}, newest first.
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { pageRefusalAnswer } from "../../pages/answers.server";
import { revisionJson } from "../../pages/json";
import { listRevisions } from "../../pages/pages.server";
import type { Route } from "./+types/admin-page-revisions";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const revisions = await listRevisions(getDb(context), params.slug);
  if (!revisions) return pageRefusalAnswer(request, context, { reason: "not_found" });
  return Response.json(
    { items: revisions.map(revisionJson) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
