// The editorial refusals as statuses and localized messages, shared by the editor pages and the JSON API.
import type { RouterContextProvider } from "react-router";
import { getI18n } from "../i18n/context.server";
import type { TFunction } from "../i18n/translator";
import { type ApiErrorCode, apiError, apiLocale } from "../lib/api.server";
import type { UploadReadFailure } from "../media/upload.server";
import type { EditorialRefusal } from "./editorial.server";

const STATUS: Record<EditorialRefusal["reason"], number> = {
  not_found: 404,
  forbidden: 403,
  media_not_found: 422,
  publish_at_required: 422,
  publish_at_in_future: 422,
  gallery_full: 422,
};

/** A refusal as a status, a message and the field it concerns; `t` is bound to the `editorial` namespace. */
export function describeRefusal(
  refusal: EditorialRefusal,
  t: TFunction,
): { status: number; message: string; field?: string } {
  const status = STATUS[refusal.reason];
  switch (refusal.reason) {
    case "not_found":
      return { status, message: t("errors.notFound") };
    case "forbidden":
      return { status, message: t("errors.forbidden") };
    case "media_not_found":
      return { status, message: t("errors.mediaNotFound"), field: refusal.field.split(".")[0] };
    case "publish_at_required":
      return { status, message: t("errors.publishAtRequired"), field: "publishAt" };
    case "publish_at_in_future":
      return { status, message: t("errors.publishAtInFuture"), field: "publishAt" };
    case "gallery_full":
      return { status, message: t("errors.galleryFull"), field: "images" };
  }
}

const CODES: Record<number, ApiErrorCode> = {
  403: "forbidden",
  404: "not_found",
  422: "validation_failed",
};

export function refusalAnswer(
  request: Request,
  context: Readonly<RouterContextProvider>,
  refusal: EditorialRefusal,
): Response {
  const t = getI18n(context).getFixedT(apiLocale(request), "editorial");
  const { status, message, field } = describeRefusal(refusal, t);
  return apiError(status, CODES[status] ?? "bad_request", message, field ? { [field]: message } : undefined);
}

export function uploadsFailureMessage(
  reason: UploadReadFailure | "too_many_files" | "unreadable",
  t: TFunction,
) {
  switch (reason) {
    case "too_large":
      return t("errors.uploadTooLarge");
    case "too_many_files":
      return t("errors.uploadTooMany");
    case "no_file":
      return t("errors.uploadMissing");
    case "unreadable":
      return t("errors.uploadUnreadable");
    default:
      return t("errors.uploadType");
  }
}

export const UPLOADS_FAILURE_STATUS: Record<UploadReadFailure | "too_many_files" | "unreadable", number> = {
  not_multipart: 415,
  too_large: 413,
  no_file: 400,
  unsupported_type: 415,
  pdf_active_content: 422,
  pdf_unchecked: 422,
  too_many_files: 422,
  unreadable: 415,
};
