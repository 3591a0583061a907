// POST /instructor/courses/:id/lessons/:lessonId/video: a lesson's video from the curriculum editor.
//  - multipart (the plain form, no JavaScript): the file streamed to storage, then back to the curriculum;
//  - intent=createLink (JavaScript): a tus upload link as JSON, which the browser uploads to with tus-js-client;
//  - intent=uploaded (JavaScript): the video's state as JSON once the browser sent the last byte;
//  - intent=freePreview / removeVideo: plain forms.
// The session cookie signs these in; the same-origin middleware refuses other sites.
import { redirect } from "react-router";
import { z } from "zod";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { readForm, validateForm } from "../lib/forms.server";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { toasts } from "../lib/toast.server";
import { safeText } from "../lib/validation";
import { requireEditableCourse } from "../studio/editor.server";
import { formatMaxBytes } from "../video/api.server";
import { getVideoHost, localVideoHost, maxVideoBytes } from "../video/host.server";
import { receiveVideoUpload } from "../video/multipart.server";
import {
  createUploadLink,
  editableLesson,
  readVideoStatus,
  removeLessonVideo,
  setFreePreview,
  storeReceivedVideo,
  type VideoRefusal,
  videoState,
} from "../video/videos.server";
import type { Route } from "./+types/instructor-lesson-video";

/** The page's submits, told apart by `intent`: the upload link and its result (fetchers), the free preview. */
const LessonVideoAction = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("createLink"),
    fileSize: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    fileName: safeText({ max: 200, error: "invalid" }).pipe(z.string().trim().min(1)),
  }),
  z.object({ intent: z.literal("uploaded"), videoId: z.uuid() }),
  z.object({ intent: z.literal("freePreview"), value: z.enum(["0", "1"]) }),
  z.object({ intent: z.literal("removeVideo") }),
]);
/** What a fetcher's refused submit answers; the free preview and anything else go back with a toast. */
const ANSWERS_IN_JSON = new Set(["createLink", "uploaded"]);

const REFUSAL_STATUS: Record<VideoRefusal["reason"], number> = {
  not_found: 404,
  lesson_not_found: 404,
  forbidden: 403,
  too_large: 413,
  not_video_lesson: 409,
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { course } = await requireEditableCourse(request, context, params.id);
  const page = pageContext(request, context);
  return redirect(localizePath(`/instructor/courses/${course.id}/curriculum`, page.locale));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, course } = await requireEditableCourse(request, context, params.id);
  const page = pageContext(request, context);
  const t = page.tIn("video");
  const db = getDb(context);
  const lessonId = parseId(params.lessonId);
  const here = `${localizePath(`/instructor/courses/${course.id}/curriculum`, page.locale)}#lesson-${lessonId ?? ""}`;
  const refusalMessage = (refusal: VideoRefusal) =>
    t(
      refusal.reason === "too_large"
        ? "errors.tooLarge"
        : refusal.reason === "not_video_lesson"
          ? "errors.notVideoLesson"
          : `errors.${refusal.reason === "forbidden" ? "forbidden" : "lessonNotFound"}`,
      {
        max: formatMaxBytes(),
      },
    );

  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const received = await receiveVideoUpload<VideoRefusal>(request, {
      maxBytes: maxVideoBytes(),
      incomingDirectory: localVideoHost().incomingDirectory,
      lessonId: lessonId ?? 0,
      authorize: async (id) => {
        const lesson = await editableLesson(db, actor, id, course.id, { forVideo: true });
        return lesson.ok ? null : lesson;
      },
    });
    if (!received.ok) {
      // A body that is not a readable form is the client's error, answered like any page action's.
      if (received.reason === "bad_request" || received.reason === "not_multipart")
        throw new Response("Bad Request", { status: 400 });
      const message = received.refusal
        ? refusalMessage(received.refusal)
        : t(`multipart.${received.reason}`, { max: formatMaxBytes() });
      return toasts().redirectWithError(here, message);
    }
    const video = await storeReceivedVideo(db, actor, received, getVideoHost());
    if (video.status === "error")
      return toasts().redirectWithError(here, t(`reasons.${video.error ?? "storage_failed"}`));
    return toasts().redirectWithSuccess(here, t("studio.uploaded"));
  }

  const form = await readForm(request);
  if (lessonId === null) return toasts().redirectWithError(here, t("errors.lessonNotFound"));
  const parsed = validateForm(form, LessonVideoAction, t);
  if (!parsed.ok) {
    if (ANSWERS_IN_JSON.has(parsed.values.intent ?? ""))
      return Response.json({ error: t("errors.badRequest") }, { status: 400 });
    return toasts().redirectWithError(here, t("errors.badRequest"));
  }
  const input = parsed.data;
  switch (input.intent) {
    case "createLink": {
      const lesson = await editableLesson(db, actor, lessonId, course.id);
      if (!lesson.ok)
        return Response.json({ error: refusalMessage(lesson) }, { status: REFUSAL_STATUS[lesson.reason] });
      const outcome = await createUploadLink(db, actor, {
        fileSize: input.fileSize,
        fileName: input.fileName,
        description: course.title,
        lessonId,
      });
      if (!outcome.ok)
        return Response.json({ error: refusalMessage(outcome) }, { status: REFUSAL_STATUS[outcome.reason] });
      return Response.json(
        { videoId: outcome.video.id, uploadLink: outcome.video.uploadLink },
        { status: 201, headers: { "Cache-Control": "no-store" } },
      );
    }
    case "uploaded": {
      const outcome = await readVideoStatus(db, actor, input.videoId);
      if (!outcome.ok) return Response.json({ error: refusalMessage(outcome) }, { status: 404 });
      const state = videoState(outcome.video);
      return Response.json(
        { ...state, ...(state.error ? { error: t(`reasons.${state.error}`) } : {}) },
        { headers: { "Cache-Control": "no-store" } },
      );
    }
    case "freePreview": {
      const on = input.value === "1";
      const outcome = await setFreePreview(db, actor, course.id, lessonId, on);
      if (!outcome.ok) return toasts().redirectWithError(here, refusalMessage(outcome));
      return toasts().redirectWithSuccess(here, t(on ? "studio.freePreviewOn" : "studio.freePreviewOff"));
    }
    case "removeVideo": {
      const outcome = await removeLessonVideo(db, actor, course.id, lessonId);
      if (!outcome.ok) return toasts().redirectWithError(here, refusalMessage(outcome));
      return toasts().redirectWithSuccess(here, t("studio.removed"));
    }
  }
}
