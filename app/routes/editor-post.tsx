// /dashboard/admin/blog/:id (admins, any post) and /instructor/blog/:id (a trainer's own posts): edit a post,
// preview it, publish, schedule or unpublish it, set its cover, delete it. Every action is a plain form;
// deletion asks for confirmation on a second screen (?confirm=delete), so it works without JavaScript too.
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { DeleteSection } from "../components/editorial/delete-section";
import { PostForm } from "../components/editorial/post-form";
import { PreviewPanel, StatusBadge } from "../components/editorial/status-fields";
import { PageIntro } from "../components/page-intro";
import { getDb } from "../db/context";
import { describeRefusal, uploadsFailureMessage } from "../editorial/answers.server";
import { type EditorAnswer, POST_FIELDS, postValues } from "../editorial/form-values";
import { PostForm as PostFormSchema } from "../editorial/inputs";
import { previewHtml, refusalFieldErrors, requireEditablePost, typedValues } from "../editorial/pages.server";
import { blogEditorBase } from "../editorial/paths";
import { effectiveStatus, isPublic } from "../editorial/policy";
import { deletePost, updatePost } from "../editorial/posts.server";
import { localizePath } from "../i18n/languages";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { readForm, validateForm } from "../lib/forms.server";
import { pick } from "../lib/localized";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { storeUpload } from "../media/media.server";
import { readUpload, UPLOAD_FAILURE_STATUS } from "../media/upload.server";
import { getMediaStore } from "../middleware/media.server";
import { toasts } from "../toast.server";
import type { Route } from "./+types/editor-post";

export const handle = { i18n: ["editorial", "studio"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { post, area } = await requireEditablePost(request, context, params.id);
  const page = pageContext(request, context);
  const title = pick(page.locale, post.title, post.titleAr);
  const now = new Date();
  return {
    meta: page.meta(page.t("editorial:post.editTitle", { title }), page.t("editorial:posts.meta")),
    base: blogEditorBase(area),
    post: {
      id: post.id,
      title,
      status: effectiveStatus(post, now),
      isPublic: isPublic(post, now),
      dateLabel: post.publishedAt ? page.date(post.publishedAt.toISOString()) : null,
      cover: post.coverUrl,
      updatedAt: post.updatedAt.toISOString(),
    },
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

  // The cover form is the page's only multipart form.
  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
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
  const intent = form.get("intent");
  switch (intent) {
    case "preview": {
      const values = typedValues(form, POST_FIELDS);
      return answer({ values, preview: previewHtml(values, ["body", "bodyAr"]) });
    }
    case "save": {
      const values = typedValues(form, POST_FIELDS);
      const parsed = validateForm(form, PostFormSchema, t);
      if (!parsed.ok) return answer({ fieldErrors: parsed.fieldErrors, values }, 400);
      const outcome = await updatePost(db, store, actor, post.id, parsed.data);
      if (!outcome.ok) {
        const description = describeRefusal(outcome, t);
        return answer({ fieldErrors: refusalFieldErrors(description), values }, description.status);
      }
      return toasts().redirectWithSuccess(here, t(`post.saved.${effectiveStatus(outcome.post, new Date())}`));
    }
    case "unpublish": {
      const outcome = await updatePost(db, store, actor, post.id, { status: "draft" });
      if (!outcome.ok) return toasts().redirectWithError(here, describeRefusal(outcome, t).message);
      return toasts().redirectWithSuccess(here, t("post.unpublished"));
    }
    case "removeCover": {
      const outcome = await updatePost(db, store, actor, post.id, { cover: null });
      if (!outcome.ok) return toasts().redirectWithError(here, describeRefusal(outcome, t).message);
      return toasts().redirectWithSuccess(here, t("cover.removed"));
    }
    case "delete": {
      const outcome = await deletePost(db, store, actor, post.id);
      if (!outcome.ok) return toasts().redirectWithError(here, describeRefusal(outcome, t).message);
      return toasts().redirectWithSuccess(localizePath(blogEditorBase(area), page.locale), t("post.deleted"));
    }
    default:
      return answer({ error: t("form.unknownAction") }, 400);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

const sectionClass = "rounded-xl border border-ink/10 bg-white p-6 shadow-sm";

export default function PostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("editorial");
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const { post, values, base } = loaderData;
  const answer = actionData as EditorAnswer | undefined;
  const shown = { ...values, ...answer?.values };
  const busy = navigation.state === "submitting";
  return (
    <>
      <PageIntro title={t("post.editTitle", { title: post.title })}>
        <div className="mt-6 flex flex-wrap items-center gap-4 text-sm">
          <StatusBadge status={post.status} dateLabel={post.dateLabel} />
          <Link
            to={localize(`/blog/${post.id}`)}
            className="font-semibold text-coral-700 hover:underline"
            data-testid="view-post"
          >
            {post.isPublic ? t("post.view") : t("post.viewDraft")}
          </Link>
          <Link to={localize(base)} className="font-semibold text-coral-700 hover:underline">
            {t("post.backToList")}
          </Link>
        </div>
      </PageIntro>
      <div className="mx-auto grid *:min-w-0 max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-8">
          {answer?.error ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {answer.error}
            </p>
          ) : null}
          {answer?.preview ? (
            <PreviewPanel
              title={shown.title}
              sections={[
                { key: "body", heading: t("post.body"), html: answer.preview.body ?? "" },
                { key: "bodyAr", heading: t("post.bodyAr"), html: answer.preview.bodyAr ?? "", lang: "ar" },
              ]}
            />
          ) : null}
          <section aria-labelledby="post-heading" className={sectionClass}>
            <h2 id="post-heading" className="mb-5 text-xl font-bold">
              {t("post.heading")}
            </h2>
            <PostForm
              values={shown}
              errors={answer?.fieldErrors ?? {}}
              mode="edit"
              formKey={post.updatedAt}
              previewed={Boolean(answer?.preview)}
            />
          </section>
        </div>
        <div className="space-y-8">
          {post.isPublic || post.status === "scheduled" ? (
            <section aria-labelledby="unpublish-heading" className={sectionClass}>
              <h2 id="unpublish-heading" className="text-xl font-bold">
                {t("post.unpublishHeading")}
              </h2>
              <p className="mt-2 text-sm text-ink/75">{t("post.unpublishExplain")}</p>
              <Form method="post" className="mt-4">
                <button
                  type="submit"
                  name="intent"
                  value="unpublish"
                  disabled={busy}
                  data-testid="unpublish"
                  className="w-full rounded-md bg-ink px-4 py-2.5 font-semibold text-white hover:bg-ink/85 disabled:opacity-60"
                >
                  {t("post.unpublish")}
                </button>
              </Form>
            </section>
          ) : null}

          <section aria-labelledby="cover-heading" className={sectionClass}>
            <h2 id="cover-heading" className="text-xl font-bold">
              {t("cover.heading")}
            </h2>
            {post.cover ? (
              <img
                src={post.cover}
                alt={t("cover.current")}
                width="320"
                height="180"
                className="mt-4 aspect-video w-full rounded-md object-cover"
                data-testid="cover-image"
              />
            ) : (
              <p className="mt-2 text-sm text-ink/70">{t("cover.none")}</p>
            )}
            <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3">
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
                {answer?.coverError ? (
                  <p role="alert" className="mt-1 text-sm text-red-700" data-testid="cover-error">
                    {answer.coverError}
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
            {post.cover ? (
              <Form method="post" className="mt-2">
                <button
                  type="submit"
                  name="intent"
                  value="removeCover"
                  className="text-sm font-semibold text-red-700 hover:underline"
                >
                  {t("cover.remove")}
                </button>
              </Form>
            ) : null}
          </section>

          <DeleteSection
            title={post.title}
            confirm={searchParams.get("confirm") === "delete"}
            cancelTo={localize(`${base}/${post.id}`)}
          />
        </div>
      </div>
    </>
  );
}
