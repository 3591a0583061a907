// /dashboard/admin/portfolio/new: the form for a case study that does not exist yet. Saving creates it and
// opens its editor, where the gallery is filled.

import { data } from "react-router";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { CaseStudyForm, CaseStudyPreview } from "../components/editorial/case-study-form";
import { PageIntro } from "../components/page-intro";
import { getDb } from "../db/context";
import { describeRefusal } from "../editorial/answers.server";
import { createCaseStudy } from "../editorial/case-studies.server";
import {
  CASE_MARKDOWN,
  CASE_STUDY_FIELDS,
  type EditorAnswer,
  EMPTY_CASE_STUDY,
} from "../editorial/form-values";
import { CaseStudyForm as CaseStudySchema } from "../editorial/inputs";
import { previewHtml, refusalFieldErrors, typedValues } from "../editorial/pages.server";
import { caseStudyEditorPath } from "../editorial/paths";
import { localizePath } from "../i18n/languages";
import { useTranslation } from "../i18n/use-translation";
import { readForm, validateForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../toast.server";
import type { Route } from "./+types/editor-case-study-new";

export const handle = { i18n: ["editorial", "studio"] };

export function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  return { meta: page.meta(page.t("editorial:caseStudy.newTitle"), page.t("editorial:caseStudies.meta")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const t = page.tIn("editorial");
  const form = await readForm(request);
  const values = typedValues(form, CASE_STUDY_FIELDS);
  if (form.get("intent") === "preview")
    return data<EditorAnswer>({ values, preview: previewHtml(values, CASE_MARKDOWN) });
  const parsed = validateForm(form, CaseStudySchema, t);
  if (!parsed.ok) return data<EditorAnswer>({ fieldErrors: parsed.fieldErrors, values }, { status: 400 });
  const outcome = await createCaseStudy(getDb(context), actor, parsed.data);
  if (!outcome.ok) {
    const description = describeRefusal(outcome, t);
    return data<EditorAnswer>(
      { fieldErrors: refusalFieldErrors(description), values },
      { status: description.status },
    );
  }
  return toasts().redirectWithSuccess(
    localizePath(caseStudyEditorPath(outcome.item.id), page.locale),
    t("caseStudy.created"),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function NewCaseStudy({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("editorial");
  const answer = actionData as EditorAnswer | undefined;
  const values = { ...EMPTY_CASE_STUDY, ...answer?.values };
  return (
    <>
      <PageIntro title={t("caseStudy.newTitle")} lead={t("caseStudy.newLead")} />
      <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
        {answer?.preview ? <CaseStudyPreview title={values.title} preview={answer.preview} /> : null}
        <CaseStudyForm
          values={values}
          errors={answer?.fieldErrors ?? {}}
          mode="create"
          formKey="new"
          previewed={Boolean(answer?.preview)}
        />
      </div>
    </>
  );
}
