// POST /courses/:id/learn/:lessonId/progress: where the learn page's player saves its position (every 15 s
// with fetch, on pause and leave with navigator.sendBeacon). It rides on the session cookie, so it sits
// behind the same-origin middleware like any page action; it answers 204 or a bare 4xx (nobody reads it).

import { getUser } from "../auth/guards.server";
import { getDb } from "../db/context";
import { ProgressForm } from "../learning/inputs";
import { recordProgress } from "../learning/progress.server";
import { validateForm } from "../lib/forms.server";
import { parseId } from "../lib/params";
import { BodyError, readFormBody } from "../lib/request-body.server";
import type { Route } from "./+types/learn-progress";

/** A position report is a few dozen bytes. */
const BEACON_LIMIT = 4096;

function status(code: number, text: string): Response {
  return new Response(text, { status: code, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return status(405, "Method Not Allowed");
  const user = getUser(context);
  if (!user) return status(401, "Unauthorized");
  const courseId = parseId(params.id);
  const lessonId = parseId(params.lessonId);
  if (courseId === null || lessonId === null) return status(404, "Not Found");
  let form: FormData;
  try {
    form = await readFormBody(request, BEACON_LIMIT);
  } catch (error) {
    if (error instanceof BodyError) return status(error.status, error.problem);
    throw error;
  }
  // Nobody reads the answer's words: the field errors stay untranslated keys.
  const parsed = validateForm(form, ProgressForm, (key) => key);
  if (!parsed.ok) return status(422, "Invalid progress");
  const { positionSeconds, completed } = parsed.data;
  const outcome = await recordProgress(getDb(context), user, courseId, lessonId, {
    positionSeconds,
    completed: completed === undefined ? undefined : completed === "true",
  });
  if (outcome.ok) return new Response(null, { status: 204 });
  if (outcome.reason === "forbidden") return status(403, "Forbidden");
  if (outcome.reason === "not_found") return status(404, "Not Found");
  if (outcome.reason === "not_watched") return status(409, "Not watched yet");
  if (outcome.reason === "quiz_lesson") return status(409, "A quiz lesson completes when its quiz is passed");
  return status(422, "Position out of range");
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
