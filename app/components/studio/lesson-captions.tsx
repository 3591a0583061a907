// The studio's captions page (issue 36): per language, what is stored (cues, last change), a plain multipart
// form to upload or replace a WebVTT or SRT file, and one to delete it. A refused file's message, with its
// line, stands beside its form. Works without JavaScript; nothing here needs it.
import { Form, Link, useNavigation } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/instructor-lesson-captions";
import { withOpenLesson } from "../../studio/open-lesson";
import { PageIntro } from "../page-intro";
import { EditorNav } from "./editor-nav";

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

const button = "rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white disabled:opacity-60";
const quiet =
  "rounded-md border border-ink/20 px-3 py-1.5 text-sm font-semibold hover:bg-sand disabled:opacity-40";

export function LessonCaptionsPage({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData: ActionData;
}) {
  const { t, i18n } = useTranslation("video");
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { course, lesson, languages } = loaderData;
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <>
      <PageIntro width="5xl" title={t("captions.title", { title: lesson.title })}>
        <EditorNav courseId={course.id} isPublished={course.isPublished} />
      </PageIntro>
      <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
        <p>
          <Link
            to={localize(withOpenLesson(`/instructor/courses/${course.id}/curriculum`, lesson.id))}
            className="font-semibold text-coral-700 hover:underline"
          >
            {t("captions.back")}
          </Link>
        </p>
        <p className="max-w-3xl text-ink/75">
          {t("captions.intro", { max: loaderData.maxBytes / 1_000_000 })}
        </p>
        {languages.map(({ lang, caption }) => {
          const error = actionData && actionData.lang === lang ? actionData.error : null;
          const language = t(`captions.lang.${lang}`);
          const errorId = `captions-${lang}-error`;
          return (
            <section
              key={lang}
              aria-labelledby={`captions-${lang}-title`}
              className="rounded-lg border border-ink/10 p-5"
              data-testid={`captions-${lang}`}
            >
              <h2 id={`captions-${lang}-title`} className="text-xl font-bold">
                {language}
              </h2>
              <p className="mt-1 text-sm text-ink/75" data-testid={`captions-${lang}-status`}>
                {caption
                  ? t("captions.stored", {
                      count: caption.cueCount,
                      date: dates.format(new Date(caption.updatedAt)),
                    })
                  : t("captions.none")}
              </p>
              <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3">
                <input type="hidden" name="intent" value="upload" />
                <input type="hidden" name="lang" value={lang} />
                <label className="block text-sm font-semibold" htmlFor={`captions-${lang}-file`}>
                  {t("captions.file", { language })}
                </label>
                <input
                  id={`captions-${lang}-file`}
                  type="file"
                  name="file"
                  required
                  accept=".vtt,.srt,text/vtt,application/x-subrip"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  className="block w-full text-sm"
                />
                {error ? (
                  <p
                    id={errorId}
                    role="alert"
                    className="text-sm font-semibold text-red-700"
                    data-testid="captions-error"
                  >
                    {error}
                  </p>
                ) : null}
                <button type="submit" className={button} disabled={busy}>
                  {caption ? t("captions.replace") : t("captions.upload")}
                </button>
              </Form>
              {caption ? (
                <Form method="post" encType="multipart/form-data" className="mt-3">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="lang" value={lang} />
                  <button type="submit" className={quiet} disabled={busy}>
                    {t("captions.delete", { language })}
                  </button>
                </Form>
              ) : null}
            </section>
          );
        })}
      </div>
    </>
  );
}
