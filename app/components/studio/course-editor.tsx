// The course editor page: the landing form, the cover, publishing and deleting the course.
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/instructor-course";
import type { ActionAnswer } from "../../routes/instructor-course";
import { PageIntro } from "../page-intro";
import { EditorNav } from "./editor-nav";
import { LandingForm } from "./landing-form";

type LoaderData = Route.ComponentProps["loaderData"];

const sectionClass = "rounded-xl border border-ink/10 bg-white p-6 shadow-sm";

export function CourseEditor({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: Route.ComponentProps["actionData"];
}) {
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
      <PageIntro width="6xl" title={t("landing.editTitle", { title: course.title })}>
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
