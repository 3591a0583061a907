// GET /api/me/learning → {continue, inProgress, completed, retryQuizzes} (issue 50): the caller's home, as
// /my-enrollments shows it, titles in the Accept-Language locale.
import { requireApiUser } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { learnerHome } from "../../learning/home.server";
import { learnerHomeJson } from "../../learning/home-json.server";
import { apiLocale, methodNotAllowed } from "../../lib/api.server";
import type { Route } from "./+types/me-learning";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const home = await learnerHome(getDb(context), apiLocale(request), user.id);
  return Response.json(learnerHomeJson(home), {
    headers: { "Cache-Control": "private, no-store", Vary: "Authorization" },
  });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
