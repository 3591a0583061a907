// /instructor/courses/:id/announcements: the course's announcements and the form that posts a new one
// (issue 35), for who may edit the course. A plain form; the learners are notified in the same transaction.
import { data, Form } from "react-router";
import { courseAnnouncementsFor, postAnnouncement } from "../announcements/announcements.server";
import { AnnouncementInput } from "../announcements/policy";
import { CourseAnnouncements } from "../components/notifications/announcements";
import { PageIntro } from "../components/page-intro";
import { EditorNav } from "../components/studio/editor-nav";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { useTranslation } from "../i18n/use-translation";
import { readForm, validateForm } from "../lib/forms.server";
import { pick } from "../lib/localized";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { describeRefusal, requireEditableCourse } from "../studio/editor.server";
import type { Route } from "./+types/instructor-announcements";

export const handle = { i18n: ["studio", "notifications"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, course } = await requireEditableCourse(request, context, params.id);
  const page = pageContext(request, context);
  const items = await courseAnnouncementsFor(getDb(context), actor, course.id, page.locale, 50);
  const title = pick(page.locale, course.title, course.titleAr);
  return {
    meta: page.meta(
      page.t("notifications:announcements.studioTitle", { title }),
      page.t("notifications:announcements.meta"),
    ),
    course: { id: course.id, title, isPublished: course.isPublished },
    announcements: (items ?? []).map(({ createdAt, ...item }) => ({ ...item, date: page.date(createdAt) })),
  };
}

const FIELDS = ["title", "body", "titleAr", "bodyAr"] as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, course } = await requireEditableCourse(request, context, params.id);
  const page = pageContext(request, context);
  const t = page.tIn("notifications");
  const form = validateForm(await readForm(request), AnnouncementInput, t);
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  const outcome = await postAnnouncement(getDb(context), actor, course.id, form.data);
  const back = localizePath(`/instructor/courses/${course.id}/announcements`, page.locale);
  if (!outcome.ok) {
    const { status, message } = describeRefusal(outcome, page.tIn("studio"));
    return data({ fieldErrors: { title: message }, values: form.values }, { status });
  }
  return toasts().redirectWithSuccess(
    back,
    t("announcements.posted", { count: outcome.announcement.notified }),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function InstructorAnnouncements({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("notifications");
  const { course } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  const labels: Record<(typeof FIELDS)[number], string> = {
    title: t("announcements.titleLabel"),
    body: t("announcements.bodyLabel"),
    titleAr: t("announcements.titleArLabel"),
    bodyAr: t("announcements.bodyArLabel"),
  };
  return (
    <>
      <PageIntro width="3xl" title={t("announcements.studioTitle", { title: course.title })}>
        <EditorNav courseId={course.id} isPublished={course.isPublished} />
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h2 className="text-2xl font-bold">{t("announcements.new")}</h2>
        <p className="mt-2 text-ink/80">{t("announcements.hint")}</p>
        <Form method="post" className="mt-6 space-y-4" data-testid="announcement-form">
          {FIELDS.map((field) => {
            const multiline = field === "body" || field === "bodyAr";
            const common = {
              id: `announcement-${field}`,
              name: field,
              dir: field.endsWith("Ar") ? "rtl" : "auto",
              defaultValue: values[field] ?? "",
              required: field === "title" || field === "body",
              "aria-invalid": errors[field] ? true : undefined,
              "aria-describedby": errors[field] ? `announcement-${field}-error` : undefined,
              className: `mt-1 block w-full rounded-md border px-3 py-2 ${errors[field] ? "border-red-600" : "border-ink/20"}`,
            } as const;
            return (
              <div key={field}>
                <label htmlFor={`announcement-${field}`} className="block font-semibold">
                  {labels[field]}
                </label>
                {multiline ? <textarea rows={6} {...common} /> : <input type="text" {...common} />}
                {errors[field] ? (
                  <p id={`announcement-${field}-error`} className="mt-1 text-sm text-red-700">
                    {errors[field]}
                  </p>
                ) : null}
              </div>
            );
          })}
          <button
            type="submit"
            className="rounded-md bg-coral-700 px-5 py-2.5 font-semibold text-white hover:bg-coral-800"
          >
            {t("announcements.post")}
          </button>
        </Form>
      </div>
      {loaderData.announcements.length === 0 ? (
        <p className="mx-auto max-w-3xl px-4 pb-12 text-ink/75">{t("announcements.none")}</p>
      ) : (
        <CourseAnnouncements items={loaderData.announcements} />
      )}
    </>
  );
}
