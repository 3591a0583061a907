// GET /api/blog/:id → {post} (drafts and scheduled posts only for those who may edit them, 404 otherwise);
// PUT (partial; `status` alone publishes, schedules or unpublishes) → {post}; DELETE → 204.
import { canTeach } from "../../access/roles";
import { getUser, requireApiRole } from "../../auth/guards.server";
import { getDb } from "../../db/context";
import { refusalAnswer } from "../../editorial/answers.server";
import { coverFrom, notFound } from "../../editorial/api.server";
import { ApiPostUpdate } from "../../editorial/inputs";
import { postJson } from "../../editorial/json";
import { deletePost, getReadablePost, updatePost } from "../../editorial/posts.server";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { getMediaStore } from "../../media/context.server";
import type { Route } from "./+types/blog-post";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const post = id === null ? null : await getReadablePost(getDb(context), getUser(context), id);
  if (!post) return notFound(request, context);
  return Response.json({ post: postJson(post) });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE")
    return methodNotAllowed(request, context, "GET, PUT, DELETE");
  const user = requireApiRole(request, context, canTeach);
  const id = parseId(params.id);
  if (id === null) return notFound(request, context);
  const db = getDb(context);
  const store = getMediaStore(context);
  if (request.method === "DELETE") {
    const outcome = await deletePost(db, store, user, id);
    if (!outcome.ok) return refusalAnswer(request, context, outcome);
    return new Response(null, { status: 204 });
  }
  const { data, error } = await readJsonBody(request, ApiPostUpdate, getI18n(context), "editorial");
  if (error) return error;
  const { coverImage, ...fields } = data;
  const outcome = await updatePost(db, store, user, id, { ...fields, cover: coverFrom(coverImage) });
  if (!outcome.ok) return refusalAnswer(request, context, outcome);
  return Response.json({ post: postJson(outcome.post) });
}
