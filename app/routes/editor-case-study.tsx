// /dashboard/admin/portfolio/:id: edit a case study (admins only), preview it, publish, schedule or unpublish
// it, keep its gallery (upload several images, reorder, remove, alt texts) and delete it. Plain forms all.
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { CaseStudyForm, CaseStudyPreview } from "../components/editorial/case-study-form";
import { DeleteSection } from "../components/editorial/delete-section";
import { GalleryEditor } from "../components/editorial/gallery-editor";
import { StatusBadge } from "../components/editorial/status-fields";
import { PageIntro } from "../components/page-intro";
import { getDb } from "../db/context";
import { describeRefusal, UPLOADS_FAILURE_STATUS, uploadsFailureMessage } from "../editorial/answers.server";
import { addGalleryImages, deleteCaseStudy, updateCaseStudy } from "../editorial/case-studies.server";
import {
  CASE_MARKDOWN,
  CASE_STUDY_FIELDS,
  caseStudyValues,
  type EditorAnswer,
} from "../editorial/form-values";
import { CaseStudyForm as CaseStudySchema } from "../editorial/inputs";
import { MAX_GALLERY, MAX_UPLOAD_FILES } from "../editorial/limits";
import {
  galleryKey,
  previewHtml,
  readGalleryForm,
  refusalFieldErrors,
  requireEditableCaseStudy,
  typedValues,
} from "../editorial/pages.server";
import { caseStudyEditorPath, PORTFOLIO_EDITOR_BASE } from "../editorial/paths";
import { effectiveStatus, isPublic } from "../editorial/policy";
import { localizePath } from "../i18n/languages";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { readForm, validateForm } from "../lib/forms.server";
import { pick } from "../lib/localized";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { releaseMedia, storeUpload } from "../media/media.server";
import { readImageUploads } from "../media/upload.server";
import { getMediaStore } from "../middleware/media.server";
import { toasts } from "../toast.server";
import type { Route } from "./+types/editor-case-study";

export const handle = { i18n: ["editorial", "studio"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { item } = await requireEditableCaseStudy(request, context, params.id);
  const page = pageContext(request, context);
  const title = pick(page.locale, item.title, item.titleAr);
  const now = new Date();
  return {
    meta: page.meta(page.t("editorial:caseStudy.editTitle", { title }), page.t("editorial:caseStudies.meta")),
    item: {
      id: item.id,
      title,
      status: effectiveStatus(item, now),
      isPublic: isPublic(item, now),
      dateLabel: item.publishedAt ? page.date(item.publishedAt.toISOString()) : null,
      updatedAt: item.updatedAt.toISOString(),
    },
    gallery: item.images.map((image) => ({
      key: galleryKey(image),
      url: image.url,
      publicId: image.publicId ?? "",
      alt: image.alt ?? "",
      altAr: image.altAr ?? "",
    })),
    values: caseStudyValues(item),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, item } = await requireEditableCaseStudy(request, context, params.id);
  const page = pageContext(request, context);
  const t = page.tIn("editorial");
  const db = getDb(context);
  const store = getMediaStore(context);
  const here = localizePath(caseStudyEditorPath(item.id), page.locale);
  const answer = (body: EditorAnswer, status = 200) => data<EditorAnswer>(body, { status });

  // The gallery upload is the page's only multipart form.
  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const upload = await readImageUploads(request, { field: "images", maxFiles: MAX_UPLOAD_FILES });
    if (!upload.ok)
      return answer(
        { galleryError: uploadsFailureMessage(upload.reason, t) },
        UPLOADS_FAILURE_STATUS[upload.reason],
      );
    if (upload.files.length === 0) return answer({ galleryError: uploadsFailureMessage("no_file", t) }, 400);
    if (item.images.length + upload.files.length > MAX_GALLERY)
      return answer({ galleryError: t("errors.galleryFull") }, 422);
    const stored: string[] = [];
    for (const file of upload.files) {
      const result = await storeUpload(db, store, actor, file);
      if (!result.ok) {
        await releaseMedia(db, store, stored);
        return answer({ galleryError: uploadsFailureMessage("unreadable", t) }, 415);
      }
      stored.push(result.media.publicId);
    }
    const outcome = await addGalleryImages(db, store, actor, item.id, stored);
    if (!outcome.ok) {
      await releaseMedia(db, store, stored);
      const { status, message } = describeRefusal(outcome, t);
      return answer({ galleryError: message }, status);
    }
    return toasts().redirectWithSuccess(here, t("gallery.uploaded", { count: stored.length }));
  }

  const form = await readForm(request);
  switch (form.get("intent")) {
    case "preview": {
      const values = typedValues(form, CASE_STUDY_FIELDS);
      return answer({ values, preview: previewHtml(values, CASE_MARKDOWN) });
    }
    case "save": {
      const values = typedValues(form, CASE_STUDY_FIELDS);
      const parsed = validateForm(form, CaseStudySchema, t);
      if (!parsed.ok) return answer({ fieldErrors: parsed.fieldErrors, values }, 400);
      const outcome = await updateCaseStudy(db, store, actor, item.id, parsed.data);
      if (!outcome.ok) {
        const description = describeRefusal(outcome, t);
        return answer({ fieldErrors: refusalFieldErrors(description), values }, description.status);
      }
      return toasts().redirectWithSuccess(
        here,
        t(`caseStudy.saved.${effectiveStatus(outcome.item, new Date())}`),
      );
    }
    case "gallery": {
      const gallery = readGalleryForm(form);
      if (!gallery) return answer({ galleryError: t("errors.invalid") }, 400);
      const outcome = await updateCaseStudy(db, store, actor, item.id, { images: gallery });
      if (!outcome.ok) {
        const { status, message } = describeRefusal(outcome, t);
        return answer({ galleryError: message }, status);
      }
      return toasts().redirectWithSuccess(here, t("gallery.saved"));
    }
    case "unpublish": {
      const outcome = await updateCaseStudy(db, store, actor, item.id, { status: "draft" });
      if (!outcome.ok) return toasts().redirectWithError(here, describeRefusal(outcome, t).message);
      return toasts().redirectWithSuccess(here, t("caseStudy.unpublished"));
    }
    case "delete": {
      const outcome = await deleteCaseStudy(db, store, actor, item.id);
      if (!outcome.ok) return toasts().redirectWithError(here, describeRefusal(outcome, t).message);
      return toasts().redirectWithSuccess(
        localizePath(PORTFOLIO_EDITOR_BASE, page.locale),
        t("caseStudy.deleted"),
      );
    }
    default:
      return answer({ error: t("form.unknownAction") }, 400);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

const sectionClass = "rounded-xl border border-ink/10 bg-white p-6 shadow-sm";

export default function CaseStudyEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("editorial");
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const { item, values, gallery } = loaderData;
  const answer = actionData as EditorAnswer | undefined;
  const shown = { ...values, ...answer?.values };
  return (
    <>
      <PageIntro title={t("caseStudy.editTitle", { title: item.title })}>
        <div className="mt-6 flex flex-wrap items-center gap-4 text-sm">
          <StatusBadge status={item.status} dateLabel={item.dateLabel} />
          <Link
            to={localize(`/portfolio/${item.id}`)}
            className="font-semibold text-coral-700 hover:underline"
            data-testid="view-case-study"
          >
            {item.isPublic ? t("post.view") : t("post.viewDraft")}
          </Link>
          <Link to={localize(PORTFOLIO_EDITOR_BASE)} className="font-semibold text-coral-700 hover:underline">
            {t("caseStudy.backToList")}
          </Link>
        </div>
      </PageIntro>
      <div className="mx-auto grid *:min-w-0 max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-8">
          {answer?.error ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {answer.error}
            </p>
          ) : null}
          {answer?.preview ? <CaseStudyPreview title={shown.title} preview={answer.preview} /> : null}
          <section aria-labelledby="case-heading" className={sectionClass}>
            <h2 id="case-heading" className="mb-5 text-xl font-bold">
              {t("caseStudy.heading")}
            </h2>
            <CaseStudyForm
              values={shown}
              errors={answer?.fieldErrors ?? {}}
              mode="edit"
              formKey={item.updatedAt}
              previewed={Boolean(answer?.preview)}
            />
          </section>
        </div>
        <div className="space-y-8">
          <GalleryEditor
            key={item.updatedAt}
            images={gallery}
            maxImages={MAX_GALLERY}
            maxPerUpload={MAX_UPLOAD_FILES}
            galleryError={answer?.galleryError}
          />
          {item.isPublic || item.status === "scheduled" ? (
            <section aria-labelledby="unpublish-heading" className={sectionClass}>
              <h2 id="unpublish-heading" className="text-xl font-bold">
                {t("post.unpublishHeading")}
              </h2>
              <p className="mt-2 text-sm text-ink/75">{t("caseStudy.unpublishExplain")}</p>
              <Form method="post" className="mt-4">
                <button
                  type="submit"
                  name="intent"
                  value="unpublish"
                  disabled={navigation.state === "submitting"}
                  data-testid="unpublish"
                  className="w-full rounded-md bg-ink px-4 py-2.5 font-semibold text-white hover:bg-ink/85 disabled:opacity-60"
                >
                  {t("post.unpublish")}
                </button>
              </Form>
            </section>
          ) : null}
          <DeleteSection
            title={item.title}
            confirm={searchParams.get("confirm") === "delete"}
            cancelTo={localize(caseStudyEditorPath(item.id))}
          />
        </div>
      </div>
    </>
  );
}
