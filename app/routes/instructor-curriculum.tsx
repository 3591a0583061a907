// /instructor/courses/:id/curriculum: the lessons of a course. Add, edit, delete (confirmed on a second
// screen, ?deleteLesson=ID) and move up/down are plain forms; with JavaScript the moves are fetchers that
// reorder at once and roll back with a toast if the server refuses.
import { data } from "react-router";
import { z } from "zod";
import { Curriculum } from "../components/studio/curriculum-page";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { fail, succeed } from "../lib/enhanced-action.server";
import { guardServerAction, skipRevalidationAfterFailedRequest } from "../lib/fetcher-failure";
import { readForm, validateForm } from "../lib/forms.server";
import { pick } from "../lib/localized";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { entityId, INT4_MAX } from "../lib/validation";
import { storeUpload } from "../media/media.server";
import { readUpload, UPLOAD_FAILURE_STATUS } from "../media/upload.server";
import { getMediaStore } from "../middleware/media.server";
import { uploadFailureMessage } from "../studio/answers.server";
import {
  addLesson,
  deleteLesson,
  moveLesson,
  reorderLessons,
  setLessonPdf,
  updateLesson,
} from "../studio/courses.server";
import { describeRefusal, requireEditableCourse } from "../studio/editor.server";
import { LessonForm } from "../studio/inputs";
import { toasts } from "../toast.server";
import { formatMaxBytes } from "../video/api.server";
import { lessonVideoSummaries } from "../video/videos.server";
import type { Route } from "./+types/instructor-curriculum";
export const handle = { i18n: ["studio", "video"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { course } = await requireEditableCourse(request, context, params.id);
  const page = pageContext(request, context);
  const title = pick(page.locale, course.title, course.titleAr);
  const videos = await lessonVideoSummaries(getDb(context), course.lessons);
  return {
    maxVideoLabel: formatMaxBytes(),
    meta: page.meta(page.t("studio:curriculum.title", { title }), page.t("studio:curriculum.meta")),
    course: {
      id: course.id,
      title,
      isPublished: course.isPublished,
      updatedAt: course.updatedAt.toISOString(),
    },
    lessons: course.lessons.map((lesson) => ({
      id: lesson.id,
      position: lesson.position,
      title: lesson.title,
      titleAr: lesson.titleAr ?? "",
      durationMinutes: lesson.durationMinutes === null ? "" : String(lesson.durationMinutes),
      pdfUrl: lesson.pdfUrl,
      isFreePreview: lesson.isFreePreview,
      video: videos[lesson.id] ?? { current: null, latest: null },
    })),
  };
}

const LessonId = entityId("errors.formInvalid");
/**
 * The page's submits, told apart by `intent`, with the lesson they concern; a lesson's own fields are read
 * after (LessonForm), so a refused lesson keeps what was typed beside the right lesson.
 */
const CurriculumAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("addLesson") }),
  z.object({
    intent: z.literal("reorder"),
    // Drag and drop (JavaScript only): the whole order at once, as comma-separated lesson ids.
    order: z
      .string()
      .max(2_400)
      .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,199}$/)
      .transform((value) => value.split(",").map(Number))
      .pipe(z.array(z.number().int().max(INT4_MAX))),
  }),
  z.object({ intent: z.literal("saveLesson"), lessonId: LessonId }),
  z.object({ intent: z.literal("moveLesson"), lessonId: LessonId, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("deleteLesson"), lessonId: LessonId }),
  z.object({ intent: z.literal("removePdf"), lessonId: LessonId }),
]);

export type LessonAnswer = {
  lessonId?: number | "new";
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  pdfError?: string;
};

export async function action({ request, url, context, params }: Route.ActionArgs) {
  const { actor, course } = await requireEditableCourse(request, context, params.id);
  const page = pageContext(request, context);
  const t = page.tIn("studio");
  const db = getDb(context);
  const store = getMediaStore(context);
  const here = localizePath(`/instructor/courses/${course.id}/curriculum`, page.locale);
  const refused = (outcome: Parameters<typeof describeRefusal>[0]) => {
    const message =
      outcome.reason === "cannot_publish" ? t("errors.keepOneLesson") : describeRefusal(outcome, t).message;
    return toasts().redirectWithError(here, message);
  };

  // A lesson's PDF form is the page's only multipart form; its lesson id comes in the query string.
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const lessonId = parseId(url.searchParams.get("lesson") ?? undefined);
    if (lessonId === null)
      return data({ pdfError: t("errors.lessonNotFound") } as LessonAnswer, { status: 404 });
    const upload = await readUpload(request, "pdf");
    if (!upload.ok) {
      return data({ lessonId, pdfError: uploadFailureMessage(upload.reason, t) } as LessonAnswer, {
        status: UPLOAD_FAILURE_STATUS[upload.reason],
      });
    }
    const stored = await storeUpload(db, store, actor, upload);
    if (!stored.ok)
      return data({ lessonId, pdfError: t("errors.forbidden") } as LessonAnswer, { status: 403 });
    const outcome = await setLessonPdf(db, store, actor, course.id, lessonId, stored.media.publicId);
    if (!outcome.ok) return refused(outcome);
    return toasts().redirectWithSuccess(here, t("curriculum.pdfAttached"));
  }

  const form = await readForm(request);
  const action = validateForm(form, CurriculumAction, t);
  if (!action.ok) return fail(form, here, t("errors.formInvalid"), 400);
  const submitted = action.data;
  if (submitted.intent === "addLesson") {
    const parsed = validateForm(form, LessonForm, t);
    if (!parsed.ok)
      return data(
        { lessonId: "new", fieldErrors: parsed.fieldErrors, values: parsed.values } as LessonAnswer,
        {
          status: 400,
        },
      );
    const outcome = await addLesson(db, actor, course.id, parsed.data);
    if (!outcome.ok) return refused(outcome);
    return toasts().redirectWithSuccess(here, t("curriculum.added"));
  }
  if (submitted.intent === "reorder") {
    const outcome = await reorderLessons(db, actor, course.id, submitted.order);
    if (!outcome.ok) {
      const { status, message } = describeRefusal(outcome, t);
      return fail(form, here, message, status);
    }
    return succeed(form, here, t("curriculum.moved"), {});
  }
  const { lessonId } = submitted;
  switch (submitted.intent) {
    case "saveLesson": {
      const parsed = validateForm(form, LessonForm, t);
      if (!parsed.ok)
        return data({ lessonId, fieldErrors: parsed.fieldErrors, values: parsed.values } as LessonAnswer, {
          status: 400,
        });
      const outcome = await updateLesson(db, actor, course.id, lessonId, parsed.data);
      if (!outcome.ok) return refused(outcome);
      return toasts().redirectWithSuccess(here, t("curriculum.saved"));
    }
    case "moveLesson": {
      const outcome = await moveLesson(db, actor, course.id, lessonId, submitted.direction);
      if (!outcome.ok) {
        const { status, message } = describeRefusal(outcome, t);
        return fail(form, here, message, status);
      }
      return succeed(form, here, t("curriculum.moved"), {});
    }
    case "deleteLesson": {
      const outcome = await deleteLesson(db, store, actor, course.id, lessonId);
      if (!outcome.ok) return refused(outcome);
      return toasts().redirectWithSuccess(here, t("curriculum.deleted"));
    }
    case "removePdf": {
      const outcome = await setLessonPdf(db, store, actor, course.id, lessonId, null);
      if (!outcome.ok) return refused(outcome);
      return toasts().redirectWithSuccess(here, t("curriculum.pdfRemoved"));
    }
  }
}

// Move and reorder go through fetchers: a failed request rolls back with a toast, not the error page.
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardServerAction(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailedRequest;

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function CurriculumRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <Curriculum loaderData={loaderData} actionData={actionData} />;
}
