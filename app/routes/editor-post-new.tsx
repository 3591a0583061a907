// /dashboard/admin/blog/new and /instructor/blog/new: the form for a post that does not exist yet. Saving
// creates it (as a draft, published or scheduled, as chosen) and opens its editor, where the cover goes.
import { data } from "react-router";
import { PostForm } from "../components/editorial/post-form";
import { PreviewPanel } from "../components/editorial/status-fields";
import { PageIntro } from "../components/page-intro";
import { getDb } from "../db/context";
import { describeRefusal } from "../editorial/answers.server";
import { type EditorAnswer, EMPTY_POST, POST_FIELDS } from "../editorial/form-values";
import { PostForm as PostFormSchema } from "../editorial/inputs";
import { previewHtml, refusalFieldErrors, requireBlogWriter, typedValues } from "../editorial/pages.server";
import { blogEditorBase } from "../editorial/paths";
import { createPost } from "../editorial/posts.server";
import { localizePath } from "../i18n/languages";
import { useTranslation } from "../i18n/use-translation";
import { readForm, validateForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../toast.server";
import type { Route } from "./+types/editor-post-new";

export const handle = { i18n: ["editorial", "studio"] };

export function loader({ request, context }: Route.LoaderArgs) {
  requireBlogWriter(request, context);
  const page = pageContext(request, context);
  return { meta: page.meta(page.t("editorial:post.newTitle"), page.t("editorial:posts.meta")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, area } = requireBlogWriter(request, context);
  const page = pageContext(request, context);
  const t = page.tIn("editorial");
  const form = await readForm(request);
  const values = typedValues(form, POST_FIELDS);
  if (form.get("intent") === "preview") {
    return data<EditorAnswer>({ values, preview: previewHtml(values, ["body", "bodyAr"]) });
  }
  const parsed = validateForm(form, PostFormSchema, t);
  if (!parsed.ok) return data<EditorAnswer>({ fieldErrors: parsed.fieldErrors, values }, { status: 400 });
  const outcome = await createPost(getDb(context), actor, parsed.data);
  if (!outcome.ok) {
    const description = describeRefusal(outcome, t);
    return data<EditorAnswer>(
      { fieldErrors: refusalFieldErrors(description), values },
      { status: description.status },
    );
  }
  return toasts().redirectWithSuccess(
    localizePath(`${blogEditorBase(area)}/${outcome.post.id}`, page.locale),
    t("post.created"),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function NewPost({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("editorial");
  const answer = actionData as EditorAnswer | undefined;
  const values = { ...EMPTY_POST, ...answer?.values };
  return (
    <>
      <PageIntro title={t("post.newTitle")} lead={t("post.newLead")} />
      <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
        {answer?.preview ? (
          <PreviewPanel
            title={values.title}
            sections={[
              { key: "body", heading: t("post.body"), html: answer.preview.body ?? "" },
              { key: "bodyAr", heading: t("post.bodyAr"), html: answer.preview.bodyAr ?? "", lang: "ar" },
            ]}
          />
        ) : null}
        <PostForm
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
