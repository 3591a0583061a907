// The studio's refusals as JSON API errors, in the caller's language.
import type { RouterContextProvider } from "react-router";
import { getI18n } from "../i18n/context.server";
import { type ApiErrorCode, apiError, apiLocale } from "../lib/api.server";
import type { Refusal } from "./course-lock.server";
import { describeRefusal } from "./editor.server";

const CODES: Record<Refusal["reason"], ApiErrorCode> = {
  not_found: "not_found",
  lesson_not_found: "not_found",
  forbidden: "forbidden",
  cannot_publish: "cannot_publish",
  has_enrollments: "has_enrollments",
  media_not_found: "validation_failed",
  too_many_lessons: "validation_failed",
  section_not_found: "not_found",
  section_not_empty: "section_not_empty",
  last_section: "last_section",
  too_many_sections: "validation_failed",
};

export function refusalAnswer(request: Request, context: Readonly<RouterContextProvider>, refusal: Refusal) {
  const t = getI18n(context).getFixedT(apiLocale(request), "studio");
  const { status, message } = describeRefusal(refusal, t);
  const fields =
    refusal.reason === "media_not_found"
      ? { [refusal.field.split(".")[0] ?? refusal.field]: message }
      : refusal.reason === "cannot_publish"
        ? Object.fromEntries(refusal.missing.map((item) => [item, t(`publish.missing.${item}`)]))
        : undefined;
  return apiError(status, CODES[refusal.reason], message, fields);
}
