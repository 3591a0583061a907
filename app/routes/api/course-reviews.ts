// GET /api/courses/:id/reviews?limit&offset → {items, total, average, count, distribution};
// POST {rating, comment?} creates or updates the caller's review (201 / 200); DELETE removes it (issue 13).

import { maySeeCourse } from "../../access/policy";
import { requireApiUser } from "../../auth/guards.server";
import { getViewer } from "../../auth/viewer";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, methodNotAllowed, readJsonBody, readQuery } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { ReviewInput, ReviewListQuery } from "../../reviews/policy";
import { deleteOwnReview, findReviewableCourse, listReviews, saveReview } from "../../reviews/reviews.server";
import type { Route } from "./+types/course-reviews";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = apiLocale(request);
  const db = getDb(context);
  const id = parseId(params.id);
  const viewer = getViewer(context).user;
  const course = id ? await findReviewableCourse(db, id) : null;
  if (!id || !course || !maySeeCourse(viewer, course))
    return apiError(404, "not_found", getI18n(context).getFixedT(locale, "catalog")("courses.notFound"));
  const query = readQuery(request, ReviewListQuery, getI18n(context), "reviews");
  if (query.error) return query.error;
  return Response.json(await listReviews(db, locale, id, query.data));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE")
    return methodNotAllowed(request, context, "GET, POST, DELETE");
  const user = requireApiUser(request, context);
  const i18n = getI18n(context);
  const locale = apiLocale(request);
  const t = i18n.getFixedT(locale, "reviews");
  const notFound = () => apiError(404, "not_found", i18n.getFixedT(locale, "catalog")("courses.notFound"));
  const id = parseId(params.id);
  if (!id) return notFound();
  const db = getDb(context);
  if (request.method === "DELETE") {
    const outcome = await deleteOwnReview(db, user, id);
    if (!outcome.ok) return apiError(404, "not_found", t("errors.noReview"));
    return new Response(null, { status: 204 });
  }
  const body = await readJsonBody(request, ReviewInput, i18n, "reviews");
  if (body.error) return body.error;
  const outcome = await saveReview(db, user, id, body.data);
  if (!outcome.ok) {
    if (outcome.reason === "not_found") return notFound();
    return apiError(403, outcome.reason, t(`errors.${outcome.reason}`));
  }
  return Response.json({ review: outcome.review }, { status: outcome.created ? 201 : 200 });
}
