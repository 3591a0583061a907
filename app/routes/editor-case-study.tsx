// /dashboard/admin/portfolio/:id: edit a case study (admins only), preview it, publish, schedule or unpublish
// it, keep its gallery (upload several images, reorder, remove, alt texts) and delete it. Plain forms all.
import { data } from "react-router";
import { EditorPage } from "../components/editorial/editor-pages";
import { GalleryEditor } from "../components/editorial/gallery-editor";
import { getDb } from "../db/context";
import { describeRefusal, UPLOADS_FAILURE_STATUS, uploadsFailureMessage } from "../editorial/answers.server";
import { addGalleryImages, deleteCaseStudy, updateCaseStudy } from "../editorial/case-studies.server";
import type { EditorialRefusal } from "../editorial/editorial.server";
import { CASE_STUDY_FORM, caseStudyValues, type EditorAnswer } from "../editorial/form-values";
import { CaseStudyEditorIntent, GALLERY_LISTS } from "../editorial/inputs";
import { MAX_GALLERY, MAX_UPLOAD_FILES } from "../editorial/limits";
import {
  editedItem,
  galleryFromForm,
  galleryKey,
  previewHtml,
  refusalFieldErrors,
  requireEditableCaseStudy,
} from "../editorial/pages.server";
import { caseStudyEditorPath, PORTFOLIO_EDITOR_BASE } from "../editorial/paths";
import { effectiveStatus } from "../editorial/policy";
import { localizePath } from "../i18n/languages";
import { readForm, typedValues, validateForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { getMediaStore } from "../media/context.server";
import { releaseMedia, storeUpload } from "../media/media.server";
import { isMultipart, readImageUploads } from "../media/upload.server";
import type { Route } from "./+types/editor-case-study";

export const handle = { i18n: ["editorial", "studio"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { item } = await requireEditableCaseStudy(request, context, params.id);
  const page = pageContext(request, context);
  const edited = editedItem(page, item);
  return {
    meta: page.meta(
      page.t("editorial:caseStudy.editTitle", { title: edited.title }),
      page.t("editorial:caseStudies.meta"),
    ),
    item: edited,
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
  const galleryRefused = (refusal: EditorialRefusal) => {
    const { status, message } = describeRefusal(refusal, t);
    return answer({ galleryError: message }, status);
  };

  // The gallery upload is the page's only multipart form.
  if (isMultipart(request)) {
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
      return galleryRefused(outcome);
    }
    return toasts().redirectWithSuccess(here, t("gallery.uploaded", { count: stored.length }));
  }

  const form = await readForm(request);
  const values = typedValues(form, Object.keys(CASE_STUDY_FORM.empty));
  const parsed = validateForm(form, CaseStudyEditorIntent, t, { lists: GALLERY_LISTS });
  if (!parsed.ok) {
    if (parsed.fieldErrors.intent) return answer({ error: t("form.unknownAction") }, 400);
    if (parsed.values.intent === "gallery") return answer({ galleryError: t("errors.invalid") }, 400);
    return answer({ fieldErrors: parsed.fieldErrors, values }, 400);
  }
  switch (parsed.data.intent) {
    case "preview":
      return answer({ values, preview: previewHtml(values, CASE_STUDY_FORM.markdown) });
    case "save": {
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
      const gallery = galleryFromForm(parsed.data);
      if (!gallery) return answer({ galleryError: t("errors.invalid") }, 400);
      const outcome = await updateCaseStudy(db, store, actor, item.id, { images: gallery });
      if (!outcome.ok) return galleryRefused(outcome);
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
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function CaseStudyEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { item, values, gallery } = loaderData;
  const answer = actionData as EditorAnswer | undefined;
  return (
    <EditorPage
      config={CASE_STUDY_FORM}
      item={item}
      values={values}
      answer={answer}
      listPath={PORTFOLIO_EDITOR_BASE}
      editorPath={caseStudyEditorPath(item.id)}
      asideWidth="lg:grid-cols-[1fr_22rem]"
      pictures={
        <GalleryEditor
          key={item.updatedAt}
          images={gallery}
          maxImages={MAX_GALLERY}
          maxPerUpload={MAX_UPLOAD_FILES}
          galleryError={answer?.galleryError}
        />
      }
      picturesFirst
    />
  );
}
