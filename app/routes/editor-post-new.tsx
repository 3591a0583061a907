// /dashboard/admin/blog/new and /instructor/blog/new: the form for a post that does not exist yet. Saving
// creates it (as a draft, published or scheduled, as chosen) and opens its editor, where the cover goes.
import { data } from "react-router";
import { NewItemPage } from "../components/editorial/editor-pages";
import { getDb } from "../db/context";
import { describeRefusal } from "../editorial/answers.server";
import { type EditorAnswer, POST_FORM } from "../editorial/form-values";
import { NewPostIntent } from "../editorial/inputs";
import { previewHtml, refusalFieldErrors, requireBlogWriter } from "../editorial/pages.server";
import { blogEditorBase } from "../editorial/paths";
import { createPost } from "../editorial/posts.server";
import { localizePath } from "../i18n/languages";
import { readForm, typedValues, validateForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
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
  const values = typedValues(form, Object.keys(POST_FORM.empty));
  const parsed = validateForm(form, NewPostIntent, t);
  if (!parsed.ok) {
    if (parsed.fieldErrors.intent)
      return data<EditorAnswer>({ error: t("form.unknownAction") }, { status: 400 });
    return data<EditorAnswer>({ fieldErrors: parsed.fieldErrors, values }, { status: 400 });
  }
  if (parsed.data.intent === "preview")
    return data<EditorAnswer>({ values, preview: previewHtml(values, POST_FORM.markdown) });
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
  return <NewItemPage config={POST_FORM} answer={actionData as EditorAnswer | undefined} width="4xl" />;
}
