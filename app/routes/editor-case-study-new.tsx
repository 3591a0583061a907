// /dashboard/admin/portfolio/new: the form for a case study that does not exist yet. Saving creates it and
// opens its editor, where the gallery is filled.
import { data } from "react-router";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { NewItemPage } from "../components/editorial/editor-pages";
import { getDb } from "../db/context";
import { describeRefusal } from "../editorial/answers.server";
import { createCaseStudy } from "../editorial/case-studies.server";
import { CASE_STUDY_FORM, type EditorAnswer } from "../editorial/form-values";
import { NewCaseStudyIntent } from "../editorial/inputs";
import { previewHtml, refusalFieldErrors } from "../editorial/pages.server";
import { caseStudyEditorPath } from "../editorial/paths";
import { localizePath } from "../i18n/languages";
import { readForm, typedValues, validateForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
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
  const values = typedValues(form, Object.keys(CASE_STUDY_FORM.empty));
  const parsed = validateForm(form, NewCaseStudyIntent, t);
  if (!parsed.ok) {
    if (parsed.fieldErrors.intent)
      return data<EditorAnswer>({ error: t("form.unknownAction") }, { status: 400 });
    return data<EditorAnswer>({ fieldErrors: parsed.fieldErrors, values }, { status: 400 });
  }
  if (parsed.data.intent === "preview")
    return data<EditorAnswer>({ values, preview: previewHtml(values, CASE_STUDY_FORM.markdown) });
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
  return <NewItemPage config={CASE_STUDY_FORM} answer={actionData as EditorAnswer | undefined} width="5xl" />;
}
