// /instructor/courses/:id/lessons/:lessonId/captions: a video lesson's captions, one plain multipart form per
// language (en, ar) to upload a WebVTT or SRT file (SRT converted), replace it, or delete it (issue 36;
// decision 057). A refused file comes back on this page with a 422 and its line; nothing is stored.
import { data } from "react-router";
import { z } from "zod";
import { captionRefusalMessage } from "../captions/answers.server";
import { MAX_CAPTION_BYTES } from "../captions/captions";
import {
  CAPTION_LANGS,
  deleteLessonCaptions,
  lessonCaptionSummaries,
  saveLessonCaptions,
} from "../captions/captions.server";
import { CAPTION_FORM_OVERHEAD, captionFileOf } from "../captions/form.server";
import { LessonCaptionsPage } from "../components/studio/lesson-captions";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { readForm, validateForm } from "../lib/forms.server";
import { pick } from "../lib/localized";
import { parseId } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { requireEditableCourse } from "../studio/editor.server";
import type { Route } from "./+types/instructor-lesson-captions";
export const handle = { i18n: ["studio", "video"] };

/** The video lesson of the course in the URL, or a thrown 404 (another course's lesson, an article, a quiz). */
async function requireVideoLesson(
  request: Request,
  context: Route.LoaderArgs["context"],
  params: Route.LoaderArgs["params"],
) {
  const { actor, course } = await requireEditableCourse(request, context, params.id);
  const lessonId = parseId(params.lessonId);
  const lesson = course.lessons.find((row) => row.id === lessonId);
  if (lesson?.kind !== "video") throw new Response("Not Found", { status: 404 });
  return { actor, course, lesson };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { course, lesson } = await requireVideoLesson(request, context, params);
  const page = pageContext(request, context);
  const captions = await lessonCaptionSummaries(getDb(context), lesson.id);
  const lessonTitle = pick(page.locale, lesson.title, lesson.titleAr);
  return {
    meta: page.meta(
      page.t("video:captions.title", { title: lessonTitle }),
      page.t("video:captions.meta", { title: pick(page.locale, course.title, course.titleAr) }),
    ),
    course: { id: course.id, isPublished: course.isPublished },
    lesson: { id: lesson.id, title: lessonTitle },
    languages: CAPTION_LANGS.map((lang) => {
      const caption = captions.find((entry) => entry.lang === lang);
      return {
        lang,
        caption: caption ? { cueCount: caption.cueCount, updatedAt: caption.updatedAt.toISOString() } : null,
      };
    }),
    maxBytes: MAX_CAPTION_BYTES,
  };
}

const CaptionAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload"), lang: z.enum(CAPTION_LANGS) }),
  z.object({ intent: z.literal("delete"), lang: z.enum(CAPTION_LANGS) }),
]);

export type CaptionAnswer = { lang: string; error: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, course, lesson } = await requireVideoLesson(request, context, params);
  const page = pageContext(request, context);
  const t = page.tIn("video");
  const db = getDb(context);
  const here = localizePath(`/instructor/courses/${course.id}/lessons/${lesson.id}/captions`, page.locale);
  const form = await readForm(request, MAX_CAPTION_BYTES + CAPTION_FORM_OVERHEAD);
  const submitted = validateForm(form, CaptionAction, t);
  if (!submitted.ok) return toasts().redirectWithError(here, t("errors.badRequest"));
  const { intent, lang } = submitted.data;
  if (intent === "delete") {
    const outcome = await deleteLessonCaptions(db, actor, { lessonId: lesson.id, lang, courseId: course.id });
    if (!outcome.ok) return toasts().redirectWithError(here, captionRefusalMessage(outcome, t));
    return toasts().redirectWithSuccess(
      here,
      t("captions.deleted", { language: t(`captions.lang.${lang}`) }),
    );
  }
  const file = await captionFileOf(form);
  if (!file) return data<CaptionAnswer>({ lang, error: t("captions.noFile") }, { status: 400 });
  const outcome = await saveLessonCaptions(db, actor, {
    lessonId: lesson.id,
    lang,
    courseId: course.id,
    ...file,
    file: file.bytes,
  });
  if (!outcome.ok) {
    const status = outcome.reason === "invalid" ? 422 : outcome.reason === "forbidden" ? 403 : 404;
    return data<CaptionAnswer>({ lang, error: captionRefusalMessage(outcome, t) }, { status });
  }
  return toasts().redirectWithSuccess(
    here,
    t("captions.saved", { count: outcome.caption.cueCount, language: t(`captions.lang.${lang}`) }),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function LessonCaptionsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <LessonCaptionsPage loaderData={loaderData} actionData={actionData} />;
}
