// GET /api/auth/me → {user: {id, name, nameAr, email, role, walletBalance, favorites}} (SPEC §3), cached
// privately 300 s. PATCH /api/auth/me {name?, nameAr?} changes the display names → {user}.
import { ProfilePatch, updateProfile } from "../../account/profile.server";
import { toApiUser } from "../../auth/accounts.server";
import { requireApiUser } from "../../auth/guards.server";
import { listFavoriteCourseIds } from "../../courses/favorites.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
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

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(request, context, "GET, PATCH");
  const user = requireApiUser(request, context);
  const { data, error } = await readJsonBody(request, ProfilePatch, getI18n(context), "auth");
  if (error) return error;
  const updated = await updateProfile(getDb(context), user.id, data);
  return Response.json({ user: toApiUser(updated) }, { headers: { "Cache-Control": "no-store" } });
}
