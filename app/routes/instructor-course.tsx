// /instructor/courses/:id: a course's landing page editor, its cover, publishing and deletion. Every action
// is a plain form; deletion asks for confirmation on a second screen (?confirm=delete), so it works without
// JavaScript too.
import { data } from "react-router";
import { z } from "zod";
import { CourseEditor } from "../components/studio/course-editor";
import { readConfig } from "../config.server";
import { DEFAULT_COURSE_IMAGE } from "../courses/catalog.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { parseForm } from "../lib/forms.server";
import { pick } from "../lib/localized";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { getMediaStore } from "../media/context.server";
import { storeUpload } from "../media/media.server";
import { isMultipart, readUpload, UPLOAD_FAILURE_STATUS } from "../media/upload.server";
import { landingValues, uploadFailureMessage } from "../studio/answers.server";
import { deleteCourse, setCourseImage, setPublished, updateCourse } from "../studio/courses.server";
import { describeRefusal, requireEditableCourse } from "../studio/editor.server";
import { CourseLandingForm } from "../studio/inputs";
import { missingForPublish } from "../studio/policy";
import type { Route } from "./+types/instructor-course";
export const handle = { i18n: ["studio"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { course } = await requireEditableCourse(request, context, params.id);
  const page = pageContext(request, context);
  const title = pick(page.locale, course.title, course.titleAr);
  return {
    meta: page.meta(page.t("studio:landing.editTitle", { title }), page.t("studio:landing.editMeta")),
    currency: readConfig().currency,
    course: {
      id: course.id,
      title,
      isPublished: course.isPublished,
      image: course.imageUrl ?? DEFAULT_COURSE_IMAGE,
      hasImage: Boolean(course.imageUrl),
      enrollmentCount: course.enrollmentCount,
      updatedAt: course.updatedAt.toISOString(),
      missing: missingForPublish({ ...course, lessonCount: course.lessons.length }),
    },
    values: landingValues(course),
  };
}

export type ActionAnswer = {
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  coverError?: string;
  missing?: string[];
  error?: string;
};

const answer = (body: ActionAnswer, status: number) => data(body, { status });

/** The page's submits, told apart by `intent`. */
const CourseEditorAction = z.discriminatedUnion(
  "intent",
  [
    CourseLandingForm.extend({ intent: z.literal("saveLanding") }),
    z.object({ intent: z.literal("removeCover") }),
    z.object({ intent: z.literal("publish") }),
    z.object({ intent: z.literal("unpublish") }),
    z.object({ intent: z.literal("deleteCourse") }),
  ],
  { error: "errors.formInvalid" },
);

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, course } = await requireEditableCourse(request, context, params.id);
  const page = pageContext(request, context);
  const t = page.tIn("studio");
  const db = getDb(context);
  const store = getMediaStore(context);
  const here = localizePath(`/instructor/courses/${course.id}`, page.locale);

  // The cover form is the page's only multipart form.
  if (isMultipart(request)) {
    const upload = await readUpload(request, "image");
    if (!upload.ok) {
      return answer(
        { coverError: uploadFailureMessage(upload.reason, t) },
        UPLOAD_FAILURE_STATUS[upload.reason],
      );
    }
    const stored = await storeUpload(db, store, actor, upload);
    if (!stored.ok) {
      return answer(
        {
          coverError: uploadFailureMessage(
            stored.reason === "unreadable" ? "unreadable" : "unsupported_type",
            t,
          ),
        },
        stored.reason === "unreadable" ? 415 : 403,
      );
    }
    const outcome = await setCourseImage(db, store, actor, course.id, stored.media.publicId);
    if (!outcome.ok) {
      const { status, message } = describeRefusal(outcome, t);
      return answer({ coverError: message }, status);
    }
    return toasts().redirectWithSuccess(here, t("cover.uploaded"));
  }

  const parsed = await parseForm(request, CourseEditorAction, t);
  if (!parsed.ok) {
    if (parsed.fieldErrors.intent) return answer({ error: t("errors.formInvalid") }, 400);
    return answer({ fieldErrors: parsed.fieldErrors, values: parsed.values }, 400);
  }
  switch (parsed.data.intent) {
    case "saveLanding": {
      const outcome = await updateCourse(db, store, actor, course.id, parsed.data);
      if (!outcome.ok) {
        const { status, message } = describeRefusal(outcome, t);
        return answer({ fieldErrors: { form: message }, values: parsed.values }, status);
      }
      return toasts().redirectWithSuccess(here, t("landing.saved"));
    }
    case "removeCover": {
      const outcome = await setCourseImage(db, store, actor, course.id, null);
      if (!outcome.ok) return toasts().redirectWithError(here, describeRefusal(outcome, t).message);
      return toasts().redirectWithSuccess(here, t("cover.removed"));
    }
    case "publish":
    case "unpublish": {
      const publish = parsed.data.intent === "publish";
      const outcome = await setPublished(db, actor, course.id, publish);
      if (!outcome.ok) {
        const { status, message } = describeRefusal(outcome, t);
        return answer(
          { error: message, missing: outcome.reason === "cannot_publish" ? outcome.missing : undefined },
          status,
        );
      }
      return toasts().redirectWithSuccess(here, t(publish ? "publish.published" : "publish.unpublished"));
    }
    case "deleteCourse": {
      const outcome = await deleteCourse(db, store, actor, course.id);
      if (!outcome.ok) return toasts().redirectWithError(here, describeRefusal(outcome, t).message);
      return toasts().redirectWithSuccess(localizePath("/instructor", page.locale), t("delete.done"));
    }
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function CourseEditorRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <CourseEditor loaderData={loaderData} actionData={actionData} />;
}
