// GET /api/auth/me → {user: {id, name, email, role, walletBalance, favorites}} (SPEC §3), cached privately 300 s.
import { toPublicUser } from "../../auth/accounts.server";
import { requireApiUser } from "../../auth/guards.server";
import { readConfig } from "../../config.server";
import { listFavoriteCourseIds } from "../../courses/favorites.server";
import { methodNotAllowed } from "../../lib/api.server";
import { toCurrencyUnits } from "../../lib/money";
import { getDb } from "../../middleware/database.server";
import type { Route } from "./+types/auth-me";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const favorites = await listFavoriteCourseIds(getDb(context), user.id);
  const { walletBalance, ...rest } = toPublicUser(user);
  return Response.json(
    {
      user: {
        ...rest,
        // The API speaks currency units; minor units stay inside.
        walletBalance: toCurrencyUnits(walletBalance, readConfig().currency),
        favorites: favorites.map((id) => ({ course: { id } })),
      },
    },
    { headers: { "Cache-Control": "private, max-age=300", Vary: "Authorization" } },
  );
}

export const action = ({ request, context }: Route.ActionArgs) => methodNotAllowed(request, context, "GET");
