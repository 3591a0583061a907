// /instructor/courses/:id: a course's landing page editor, its cover, publishing and deletion. Every action
// is a plain form; deletion asks for confirmation on a second screen (?confirm=delete), so it works without
// JavaScript too.
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { PageIntro } from "../components/page-intro";
import { EditorNav } from "../components/studio/editor-nav";
import { LandingForm } from "../components/studio/landing-form";
import { readConfig } from "../config.server";
import { DEFAULT_COURSE_IMAGE } from "../courses/catalog.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { parseForm } from "../lib/forms.server";
import { pick } from "../lib/localized";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { storeUpload } from "../media/media.server";
import { isMultipart, readUpload, UPLOAD_FAILURE_STATUS } from "../media/upload.server";
import { getMediaStore } from "../middleware/media.server";
import { landingValues, uploadFailureMessage } from "../studio/answers.server";
import { deleteCourse, setCourseImage, setPublished, updateCourse } from "../studio/courses.server";
import { describeRefusal, requireEditableCourse } from "../studio/editor.server";
import { CourseLandingForm } from "../studio/inputs";
import { missingForPublish } from "../studio/policy";
import { toasts } from "../toast.server";
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

type ActionAnswer = {
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

const sectionClass = "rounded-xl border border-ink/10 bg-white p-6 shadow-sm";

export default function CourseEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("studio");
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const { course, values, currency } = loaderData;
  const answerData = actionData as ActionAnswer | undefined;
  const confirmDelete = searchParams.get("confirm") === "delete";
  const missing = answerData?.missing ?? [];
  const busy = navigation.state === "submitting";
  return (
    <>
      <PageIntro title={t("landing.editTitle", { title: course.title })}>
        <EditorNav courseId={course.id} isPublished={course.isPublished} />
      </PageIntro>
      <div className="mx-auto grid *:min-w-0 max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="landing-heading" className={sectionClass}>
          <h2 id="landing-heading" className="mb-5 text-xl font-bold">
            {t("landing.heading")}
          </h2>
          <LandingForm
            values={{ ...values, ...answerData?.values }}
            errors={answerData?.fieldErrors ?? {}}
            currency={currency}
            mode="edit"
            formKey={course.updatedAt}
          />
        </section>
        <div className="space-y-8">
          <section aria-labelledby="publish-heading" className={sectionClass} data-testid="publish-section">
            <h2 id="publish-heading" className="text-xl font-bold">
              {t("publish.heading")}
            </h2>
            <p className="mt-2 text-sm text-ink/75">
              {course.isPublished ? t("publish.isPublished") : t("publish.isDraft")}
            </p>
            {missing.length > 0 ? (
              <div
                role="alert"
                className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800"
                data-testid="publish-missing"
              >
                <p className="font-semibold">{t("publish.missingIntro")}</p>
                <ul className="mt-1 list-disc ps-5">
                  {missing.map((item) => (
                    <li key={item}>{t(`publish.missing.${item}`)}</li>
                  ))}
                </ul>
              </div>
            ) : answerData?.error ? (
              <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
                {answerData.error}
              </p>
            ) : null}
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value={course.isPublished ? "unpublish" : "publish"} />
              <button
                type="submit"
                disabled={busy}
                data-testid={course.isPublished ? "unpublish" : "publish"}
                className="w-full rounded-md bg-ink px-4 py-2.5 font-semibold text-white hover:bg-ink/85 disabled:opacity-60"
              >
                {course.isPublished ? t("publish.unpublish") : t("publish.publish")}
              </button>
            </Form>
          </section>

          <section aria-labelledby="cover-heading" className={sectionClass}>
            <h2 id="cover-heading" className="text-xl font-bold">
              {t("cover.heading")}
            </h2>
            <img
              src={course.image}
              alt={t("cover.current")}
              width="320"
              height="180"
              className="mt-4 aspect-video w-full rounded-md object-cover"
              data-testid="cover-image"
            />
            {course.hasImage ? null : <p className="mt-2 text-sm text-ink/70">{t("cover.none")}</p>}
            <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3">
              <input type="hidden" name="intent" value="uploadCover" />
              <div>
                <label htmlFor="cover-file" className="block text-sm font-semibold">
                  {t("cover.file")}
                </label>
                <input
                  id="cover-file"
                  name="file"
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/avif"
                  aria-describedby="cover-hint"
                  className="mt-1 block w-full text-sm"
                />
                <p id="cover-hint" className="mt-1 text-xs text-ink/70">
                  {t("cover.hint")}
                </p>
                {answerData?.coverError ? (
                  <p role="alert" className="mt-1 text-sm text-red-700" data-testid="cover-error">
                    {answerData.coverError}
                  </p>
                ) : null}
              </div>
              <button
                type="submit"
                disabled={busy}
                data-testid="upload-cover"
                className="rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
              >
                {t("cover.upload")}
              </button>
            </Form>
            {course.hasImage ? (
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="removeCover" />
                <button type="submit" className="text-sm font-semibold text-red-700 hover:underline">
                  {t("cover.remove")}
                </button>
              </Form>
            ) : null}
          </section>

          <section aria-labelledby="delete-heading" className={sectionClass}>
            <h2 id="delete-heading" className="text-xl font-bold">
              {t("delete.heading")}
            </h2>
            {course.enrollmentCount > 0 ? (
              <p className="mt-2 text-sm text-ink/75" data-testid="delete-blocked">
                {t("delete.blocked", { count: course.enrollmentCount })}
              </p>
            ) : confirmDelete ? (
              <div
                role="alertdialog"
                aria-labelledby="delete-confirm-title"
                className="mt-3 rounded-md bg-red-50 p-4"
              >
                <p id="delete-confirm-title" className="font-semibold text-red-800">
                  {t("delete.confirmTitle", { title: course.title })}
                </p>
                <p className="mt-1 text-sm text-red-800">{t("delete.confirmText")}</p>
                <div className="mt-3 flex flex-wrap gap-3">
                  <Form method="post">
                    <input type="hidden" name="intent" value="deleteCourse" />
                    <button
                      type="submit"
                      data-testid="confirm-delete"
                      className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white"
                    >
                      {t("delete.confirm")}
                    </button>
                  </Form>
                  <Link
                    to={localize(`/instructor/courses/${course.id}`)}
                    className="rounded-md border border-ink/20 px-4 py-2 text-sm font-semibold"
                  >
                    {t("delete.cancel")}
                  </Link>
                </div>
              </div>
            ) : (
              <>
                <p className="mt-2 text-sm text-ink/75">{t("delete.explain")}</p>
                <Link
                  to="?confirm=delete"
                  data-testid="ask-delete"
                  className="mt-3 inline-block text-sm font-semibold text-red-700 hover:underline"
                >
                  {t("delete.ask")}
                </Link>
              </>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
