// GET /api/blog?limit=10&offset=0 → {items, total, limit, offset}: public posts, newest first, plus the drafts
// and scheduled posts the caller may edit (all for an admin, their own for a trainer).
// POST /api/blog {title, titleAr?, excerpt, excerptAr?, body, bodyAr?, coverImage?, status, publishAt?} → 201 {post}.
import { canTeach } from "../../access/roles";
import { getUser, requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { refusalAnswer } from "../../editorial/answers.server";
import { coverFrom, readListQuery } from "../../editorial/api.server";
import { ApiPostCreate } from "../../editorial/inputs";
import { postJson } from "../../editorial/json";
import { createPost, listReadablePosts } from "../../editorial/posts.server";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import type { Route } from "./+types/blog";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readListQuery(request, context);
  if (query.error) return query.error;
  const now = new Date();
  const { items, total } = await listReadablePosts(getDb(context), getUser(context), query, now);
  return Response.json({
    items: items.map((post) => postJson(post, now)),
    total,
    limit: query.limit,
    offset: query.offset,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request, context, "GET, POST");
  const user = requireApiRole(request, context, canTeach);
  const { data, error } = await readJsonBody(request, ApiPostCreate, getI18n(context), "editorial");
  if (error) return error;
  const { coverImage, ...fields } = data;
  const outcome = await createPost(getDb(context), user, {
    ...fields,
    publishAt: fields.publishAt ?? undefined,
    cover: coverFrom(coverImage),
  });
  if (!outcome.ok) return refusalAnswer(request, context, outcome);
  return Response.json({ post: postJson(outcome.post) }, { status: 201 });
}
