// GET /api/course/enrollment: the caller's courses, newest first, in the Accept-Language locale.
import { requireApiUser } from "../../auth/guards.server";
import { listEnrollments } from "../../commerce/enrollment.server";
import { courseImageJson } from "../../courses/course-json";
import { getDb } from "../../db/context";
import { apiLocale, methodNotAllowed } from "../../lib/api.server";
import { toCurrencyUnits } from "../../wallet/wallet.server";
import type { Route } from "./+types/enrollments";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const enrolled = await listEnrollments(getDb(context), apiLocale(request), user.id);
  return Response.json({
    items: enrolled.map(({ course, pricePaid, enrolledAt }) => ({
      course: { ...course, image: courseImageJson(course.image) },
      pricePaid: toCurrencyUnits(pricePaid),
      enrolledAt: enrolledAt.toISOString(),
    })),
  });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
