// GET /api/auth/me → {user: {id, name, email, role, walletBalance, favorites}} (SPEC §3), cached privately 300 s.
import { toApiUser } from "../../auth/accounts.server";
import { requireApiUser } from "../../auth/guards.server";
import { listFavoriteCourseIds } from "../../courses/favorites.server";
import { methodNotAllowed } from "../../lib/api.server";
import { getDb } from "../../middleware/database.server";
import type { Route } from "./+types/auth-me";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const favorites = await listFavoriteCourseIds(getDb(context), user.id);
  const apiUser = toApiUser(user);
  return Response.json(
    {
      user: {
        ...apiUser,
        favorites: favorites.map((id) => ({ course: { id } })),
      },
    },
    { headers: { "Cache-Control": "private, max-age=300", Vary: "Authorization" } },
  );
}

export const action = ({ request, context }: Route.ActionArgs) => methodNotAllowed(request, context, "GET");
