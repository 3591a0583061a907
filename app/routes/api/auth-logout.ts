// POST /api/auth/logout: revokes the Bearer token it was called with.
import { requireApiUser } from "../../auth/guards.server";
import { deleteSession } from "../../auth/session.server";
import { getViewer } from "../../auth/viewer";
import { getDb } from "../../db/context";
import { methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/auth-logout";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  requireApiUser(request, context);
  const { token } = getViewer(context);
  if (token) await deleteSession(getDb(context), token);
  return new Response(null, { status: 204 });
}

export const loader = ({ request, context }: Route.LoaderArgs) => methodNotAllowed(request, context, "POST");
