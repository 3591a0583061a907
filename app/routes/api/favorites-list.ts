// GET /api/courses/favorites/list → {items}: the caller's favourite courses, newest favourite first.
import { requireApiUser } from "../../auth/guards.server";
import { readConfig } from "../../config.server";
import { courseCardJson } from "../../courses/course-json";
import { listFavoriteCourses } from "../../courses/favorites.server";
import { getDb } from "../../db/context";
import { apiLocale, methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/favorites-list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const cards = await listFavoriteCourses(getDb(context), apiLocale(request), user.id);
  const currency = readConfig().currency;
  return Response.json(
    { items: cards.map((card) => courseCardJson(card, currency)) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const action = ({ request, context }: Route.ActionArgs) => methodNotAllowed(request, context, "GET");
