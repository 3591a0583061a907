// POST /api/notifications/read {ids?, all?} → {marked, unread}: marks some of the caller's notifications
// read (ids of others' are ignored), or all of them.
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { countUnread, markRead } from "../../notifications/notifications.server";
import { MarkReadInput } from "../../notifications/policy";
import type { Route } from "./+types/notifications-read";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireApiUser(request, context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const body = await readJsonBody(request, MarkReadInput, getI18n(context), "notifications");
  if (body.error) return body.error;
  const db = getDb(context);
  const marked = await markRead(db, user.id, body.data);
  return Response.json({ marked, unread: await countUnread(db, user.id) });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "POST");
}
