// Page-side helpers shared by the studio's route modules: the landing form's values, upload refusals.

import { readConfig } from "../config.server";
import type { TFunction } from "../i18n/translator";
import { toAmountText } from "../lib/money";
import type { UploadReadFailure } from "../media/upload.server";
import type { StudioCourse } from "./courses.server";

/** The saved course as the landing form shows it (price typed in currency units: "49.00", "4.900" KWD). */
export function landingValues(course: StudioCourse) {
  return {
    title: course.title,
    titleAr: course.titleAr ?? "",
    category: course.category,
    description: course.description,
    descriptionAr: course.descriptionAr ?? "",
    price: toAmountText(course.price, readConfig().currency),
    // One item per line, as the form's text areas take them.
    outcomes: course.outcomes.join("\n"),
    outcomesAr: course.outcomesAr.join("\n"),
    requirements: course.requirements.join("\n"),
    requirementsAr: course.requirementsAr.join("\n"),
    audience: course.audience.join("\n"),
    audienceAr: course.audienceAr.join("\n"),
    languages: course.languages.join(" "),
  };
}

export function uploadFailureMessage(reason: UploadReadFailure | "unreadable", t: TFunction): string {
  switch (reason) {
    case "too_large":
      return t("errors.uploadTooLarge");
    case "no_file":
      return t("errors.uploadMissing");
    case "unreadable":
      return t("errors.uploadUnreadable");
    case "pdf_active_content":
      return t("errors.pdfActiveContent");
    case "pdf_unchecked":
      return t("errors.pdfUnchecked");
    default:
      return t("errors.uploadType");
  }
}
