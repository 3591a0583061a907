// /dashboard/admin/blog/:id (admins, any post) and /instructor/blog/:id (a trainer's own posts): edit a post,
// preview it, publish, schedule or unpublish it, set its cover, delete it. Every action is a plain form;
// deletion asks for confirmation on a second screen (?confirm=delete), so it works without JavaScript too.
import { data } from "react-router";
import { CoverSection, EditorPage } from "../components/editorial/editor-pages";
import { getDb } from "../db/context";
import { describeRefusal, uploadsFailureMessage } from "../editorial/answers.server";
import type { EditorialRefusal } from "../editorial/editorial.server";
import { type EditorAnswer, POST_FORM, postValues } from "../editorial/form-values";
import { PostEditorIntent } from "../editorial/inputs";
import { editedItem, previewHtml, refusalFieldErrors, requireEditablePost } from "../editorial/pages.server";
import { blogEditorBase } from "../editorial/paths";
import { effectiveStatus } from "../editorial/policy";
import { deletePost, updatePost } from "../editorial/posts.server";
import { localizePath } from "../i18n/languages";
import { readForm, typedValues, validateForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { getMediaStore } from "../media/context.server";
import { storeUpload } from "../media/media.server";
import { isMultipart, readUpload, UPLOAD_FAILURE_STATUS } from "../media/upload.server";
import type { Route } from "./+types/editor-post";

export const handle = { i18n: ["editorial", "studio"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { post, area } = await requireEditablePost(request, context, params.id);
  const page = pageContext(request, context);
  const item = editedItem(page, post);
  return {
    meta: page.meta(
      page.t("editorial:post.editTitle", { title: item.title }),
      page.t("editorial:posts.meta"),
    ),
    base: blogEditorBase(area),
    post: { ...item, cover: post.coverUrl },
    values: postValues(post),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, area, post } = await requireEditablePost(request, context, params.id);
  const page = pageContext(request, context);
  const t = page.tIn("editorial");
  const db = getDb(context);
  const store = getMediaStore(context);
  const here = localizePath(`${blogEditorBase(area)}/${post.id}`, page.locale);
  const answer = (body: EditorAnswer, status = 200) => data<EditorAnswer>(body, { status });
  const done = (outcome: { ok: true } | EditorialRefusal, message: string) =>
    outcome.ok
      ? toasts().redirectWithSuccess(here, message)
      : toasts().redirectWithError(here, describeRefusal(outcome, t).message);

  // The cover form is the page's only multipart form.
  if (isMultipart(request)) {
    const upload = await readUpload(request, "image");
    if (!upload.ok)
      return answer(
        { coverError: uploadsFailureMessage(upload.reason, t) },
        UPLOAD_FAILURE_STATUS[upload.reason],
      );
    const stored = await storeUpload(db, store, actor, upload);
    if (!stored.ok) return answer({ coverError: uploadsFailureMessage("unreadable", t) }, 415);
    const outcome = await updatePost(db, store, actor, post.id, {
      cover: { publicId: stored.media.publicId },
    });
    if (!outcome.ok) return answer({ coverError: describeRefusal(outcome, t).message }, 422);
    return toasts().redirectWithSuccess(here, t("cover.uploaded"));
  }

  const form = await readForm(request);
  const values = typedValues(form, Object.keys(POST_FORM.empty));
  const parsed = validateForm(form, PostEditorIntent, t);
  if (!parsed.ok) {
    if (parsed.fieldErrors.intent) return answer({ error: t("form.unknownAction") }, 400);
    return answer({ fieldErrors: parsed.fieldErrors, values }, 400);
  }
  switch (parsed.data.intent) {
    case "preview":
      return answer({ values, preview: previewHtml(values, POST_FORM.markdown) });
    case "save": {
      const outcome = await updatePost(db, store, actor, post.id, parsed.data);
      if (!outcome.ok) {
        const description = describeRefusal(outcome, t);
        return answer({ fieldErrors: refusalFieldErrors(description), values }, description.status);
      }
      return toasts().redirectWithSuccess(here, t(`post.saved.${effectiveStatus(outcome.post, new Date())}`));
    }
    case "unpublish":
      return done(await updatePost(db, store, actor, post.id, { status: "draft" }), t("post.unpublished"));
    case "removeCover":
      return done(await updatePost(db, store, actor, post.id, { cover: null }), t("cover.removed"));
    case "delete": {
      const outcome = await deletePost(db, store, actor, post.id);
      if (!outcome.ok) return done(outcome, "");
      return toasts().redirectWithSuccess(localizePath(blogEditorBase(area), page.locale), t("post.deleted"));
    }
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function PostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { post, values, base } = loaderData;
  const answer = actionData as EditorAnswer | undefined;
  return (
    <EditorPage
      config={POST_FORM}
      item={post}
      values={values}
      answer={answer}
      listPath={base}
      editorPath={`${base}/${post.id}`}
      asideWidth="lg:grid-cols-[1fr_20rem]"
      pictures={<CoverSection cover={post.cover} error={answer?.coverError} />}
      picturesFirst={false}
    />
  );
}
