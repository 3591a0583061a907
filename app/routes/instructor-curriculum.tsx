// /instructor/courses/:id/curriculum: the sections of a course and their lessons (issue 32). Adding,
// editing, deleting (a lesson confirmed on a second screen, ?deleteLesson=ID), moving up/down and moving a
// lesson to another section are plain forms; with JavaScript the moves are fetchers that reorder at once
// and roll back with a toast if the server refuses, and drag and drop posts the whole layout.
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
import { toasts } from "../lib/toast.server";
import { entityId } from "../lib/validation";
import { getMediaStore } from "../media/context.server";
import { storeUpload } from "../media/media.server";
import { readUpload, UPLOAD_FAILURE_STATUS } from "../media/upload.server";
import { uploadFailureMessage } from "../studio/answers.server";
import {
  addLesson,
  addSection,
  deleteLesson,
  deleteSection,
  moveLesson,
  moveSection,
  placeLesson,
  rearrangeCurriculum,
  renameSection,
  setLessonPdf,
  updateLesson,
} from "../studio/curriculum.server";
import { describeRefusal, requireEditableCourse } from "../studio/editor.server";
import { LessonForm, MAX_LESSONS, NewLessonForm, SectionForm } from "../studio/inputs";
import { parseLayout } from "../studio/layout";
import { withOpenLesson } from "../studio/open-lesson";
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
    sections: course.sections.map((section) => ({
      id: section.id,
      /** The page's language's title, for headings and choices; the form edits both. */
      label: pick(page.locale, section.title, section.titleAr),
      title: section.title,
      titleAr: section.titleAr ?? "",
      lessons: course.lessons
        .filter((lesson) => lesson.sectionId === section.id)
        .map((lesson) => ({
          id: lesson.id,
          kind: lesson.kind,
          position: lesson.position,
          title: lesson.title,
          titleAr: lesson.titleAr ?? "",
          durationMinutes: lesson.durationMinutes === null ? "" : String(lesson.durationMinutes),
          body: lesson.body ?? "",
          bodyAr: lesson.bodyAr ?? "",
          pdfUrl: lesson.pdfUrl,
          isFreePreview: lesson.isFreePreview,
          video: videos[lesson.id] ?? { current: null, latest: null },
        })),
    })),
  };
}

const LessonId = entityId("errors.formInvalid");
const SectionId = entityId("errors.formInvalid");
const Direction = z.enum(["up", "down"]);
/**
 * The page's submits, told apart by `intent`, with the lesson they concern; a lesson's own fields are read
 * after (LessonForm), so a refused lesson keeps what was typed beside the right lesson.
 */
const CurriculumAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("addLesson") }),
  z.object({ intent: z.literal("addSection") }),
  z.object({ intent: z.literal("renameSection"), sectionId: SectionId }),
  z.object({ intent: z.literal("moveSection"), sectionId: SectionId, direction: Direction }),
  z.object({ intent: z.literal("deleteSection"), sectionId: SectionId }),
  z.object({
    intent: z.literal("rearrange"),
    // Drag and drop (JavaScript only): the whole layout at once, "section:lesson,lesson;section:…".
    layout: z
      .string()
      .max(4_000)
      .transform((value, ctx) => {
        const layout = parseLayout(value);
        if (layout) return layout;
        ctx.addIssue({ code: "custom", message: "errors.formInvalid" });
        return z.NEVER;
      }),
  }),
  z.object({ intent: z.literal("saveLesson"), lessonId: LessonId }),
  z.object({ intent: z.literal("moveLesson"), lessonId: LessonId, direction: Direction }),
  z.object({
    intent: z.literal("placeLesson"),
    lessonId: LessonId,
    sectionId: SectionId,
  }),
  z.object({ intent: z.literal("deleteLesson"), lessonId: LessonId }),
  z.object({ intent: z.literal("removePdf"), lessonId: LessonId }),
]);

export type LessonAnswer = {
  lessonId?: number | "new";
  /** A section form refused: the new one, or the one renamed. */
  sectionId?: number | "new";
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
    const parsed = validateForm(form, NewLessonForm, t);
    if (!parsed.ok)
      return data(
        { lessonId: "new", fieldErrors: parsed.fieldErrors, values: parsed.values } as LessonAnswer,
        {
          status: 400,
        },
      );
    const outcome = await addLesson(db, actor, course.id, parsed.data);
    if (!outcome.ok) return refused(outcome);
    return toasts().redirectWithSuccess(withOpenLesson(here, outcome.lessonId), t("curriculum.added"));
  }
  if (submitted.intent === "rearrange") {
    const outcome = await rearrangeCurriculum(db, actor, course.id, submitted.layout);
    if (!outcome.ok) {
      const { status, message } = describeRefusal(outcome, t);
      return fail(form, here, message, status);
    }
    return succeed(form, here, t("curriculum.moved"), {});
  }
  if (submitted.intent === "addSection" || submitted.intent === "renameSection") {
    const sectionKey = submitted.intent === "addSection" ? "new" : submitted.sectionId;
    const parsed = validateForm(form, SectionForm, t);
    if (!parsed.ok)
      return data(
        { sectionId: sectionKey, fieldErrors: parsed.fieldErrors, values: parsed.values } as LessonAnswer,
        { status: 400 },
      );
    const outcome =
      submitted.intent === "addSection"
        ? await addSection(db, actor, course.id, parsed.data)
        : await renameSection(db, actor, submitted.sectionId, parsed.data, course.id);
    if (!outcome.ok) return refused(outcome);
    return toasts().redirectWithSuccess(
      here,
      t(submitted.intent === "addSection" ? "curriculum.sectionAdded" : "curriculum.sectionSaved"),
    );
  }
  if (submitted.intent === "moveSection") {
    const outcome = await moveSection(db, actor, submitted.sectionId, submitted.direction, course.id);
    if (!outcome.ok) {
      const { status, message } = describeRefusal(outcome, t);
      return fail(form, here, message, status);
    }
    return succeed(form, here, t("curriculum.moved"), {});
  }
  if (submitted.intent === "deleteSection") {
    const outcome = await deleteSection(db, actor, submitted.sectionId, course.id);
    if (!outcome.ok) return refused(outcome);
    return toasts().redirectWithSuccess(here, t("curriculum.sectionDeleted"));
  }
  const { lessonId } = submitted;
  switch (submitted.intent) {
    case "placeLesson": {
      // The plain form's "move to section": to the end of the chosen section.
      const outcome = await placeLesson(
        db,
        actor,
        lessonId,
        { sectionId: submitted.sectionId, position: MAX_LESSONS },
        course.id,
      );
      if (!outcome.ok) {
        const { status, message } = describeRefusal(outcome, t);
        return fail(form, here, message, status);
      }
      return succeed(form, here, t("curriculum.moved"), {});
    }
    case "saveLesson": {
      const parsed = validateForm(form, LessonForm, t);
      if (!parsed.ok)
        return data({ lessonId, fieldErrors: parsed.fieldErrors, values: parsed.values } as LessonAnswer, {
          status: 400,
        });
      const outcome = await updateLesson(db, actor, lessonId, parsed.data, course.id);
      if (!outcome.ok) return refused(outcome);
      return toasts().redirectWithSuccess(withOpenLesson(here, lessonId), t("curriculum.saved"));
    }
    case "moveLesson": {
      const outcome = await moveLesson(db, actor, lessonId, submitted.direction, course.id);
      if (!outcome.ok) {
        const { status, message } = describeRefusal(outcome, t);
        return fail(form, here, message, status);
      }
      return succeed(form, here, t("curriculum.moved"), {});
    }
    case "deleteLesson": {
      const outcome = await deleteLesson(db, store, actor, lessonId, course.id);
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
