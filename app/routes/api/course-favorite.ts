// POST /api/courses/:id/favorite → {favorited}: toggles the caller's favourite (SPEC §7).
import { requireApiUser } from "../../auth/guards.server";
import { toggleFavorite } from "../../courses/favorites.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import type { Route } from "./+types/course-favorite";

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const user = requireApiUser(request, context);
  const id = parseId(params.id);
  const outcome = id ? await toggleFavorite(getDb(context), user.id, id) : null;
  if (!outcome?.ok) {
    return apiError(
      404,
      "not_found",
      getI18n(context).getFixedT(apiLocale(request), "catalog")("courses.notFound"),
    );
  }
  return Response.json({ favorited: outcome.favorited });
}

export const loader = ({ request, context }: Route.LoaderArgs) => methodNotAllowed(request, context, "POST");
