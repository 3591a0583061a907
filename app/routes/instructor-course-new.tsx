// /instructor/courses/new: the landing form for a course that does not exist yet. Saving creates a draft
// and opens its curriculum, where the first lessons go.

import { data } from "react-router";
import { canTeach } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { PageIntro } from "../components/page-intro";
import { EMPTY_LANDING, LandingForm } from "../components/studio/landing-form";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { useTranslation } from "../i18n/use-translation";
import { parseForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { createCourse } from "../studio/courses.server";
import { describeRefusal } from "../studio/editor.server";
import { CourseLandingForm } from "../studio/inputs";
import type { Route } from "./+types/instructor-course-new";

export const handle = { i18n: ["studio"] };

export function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, canTeach);
  const page = pageContext(request, context);
  return {
    meta: page.meta(page.t("studio:landing.newTitle"), page.t("studio:landing.newMeta")),
    currency: readConfig().currency,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(request, context, canTeach);
  const page = pageContext(request, context);
  const t = page.tIn("studio");
  const form = await parseForm(request, CourseLandingForm, t);
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  const outcome = await createCourse(getDb(context), user, form.data);
  if (!outcome.ok) {
    const { status, message } = describeRefusal(outcome, t);
    return data({ fieldErrors: { form: message }, values: {} as Record<string, string> }, { status });
  }
  return toasts().redirectWithSuccess(
    localizePath(`/instructor/courses/${outcome.course.id}/curriculum`, page.locale),
    t("landing.created"),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function NewCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("studio");
  const values = { ...EMPTY_LANDING, ...actionData?.values };
  return (
    <>
      <PageIntro width="4xl" title={t("landing.newTitle")} lead={t("landing.newMeta")} />
      <div className="mx-auto max-w-4xl px-4 py-10">
        <LandingForm
          values={values}
          errors={actionData?.fieldErrors ?? {}}
          currency={loaderData.currency}
          mode="create"
          formKey="new"
        />
      </div>
    </>
  );
}
