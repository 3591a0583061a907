// The route side of the studio: resolving "may this visitor open this course's editor" into the right
// answer (sign-in redirect, 403, 404) and turning the domain's refusals into localized messages and
// statuses that pages and the JSON API share.

import type { RouterContextProvider } from "react-router";
import { canTeach } from "../access/roles";
import { getUser, loginRedirect, requireRole } from "../auth/guards.server";
import { getDb } from "../db/context";
import type { TFunction } from "../i18n/translator";
import { parseId } from "../lib/params";
import type { Refusal } from "./course-lock.server";
import { getCourseForEditor } from "./courses.server";

type Context = Readonly<RouterContextProvider>;

/** The course whose editor is asked for, or the thrown answer for anyone who may not edit it. */
export async function requireEditableCourse(request: Request, context: Context, idParam: string | undefined) {
  const user = getUser(context);
  if (!user) throw loginRedirect(request);
  requireRole(request, context, canTeach);
  const id = parseId(idParam);
  if (id === null) throw new Response("Not Found", { status: 404 });
  const found = await getCourseForEditor(getDb(context), user, id);
  if (found.access === "edit") return { actor: user, course: found.course };
  if (found.access === "sign_in") throw loginRedirect(request);
  throw new Response(found.access === "forbidden" ? "Forbidden" : "Not Found", {
    status: found.access === "forbidden" ? 403 : 404,
  });
}

const STATUS: Record<Refusal["reason"], number> = {
  not_found: 404,
  forbidden: 403,
  cannot_publish: 409,
  has_enrollments: 409,
  media_not_found: 422,
  lesson_not_found: 404,
  too_many_lessons: 422,
  section_not_found: 404,
  section_not_empty: 409,
  last_section: 409,
  too_many_sections: 422,
};

/** A refusal as a status and a message; `t` is bound to the `studio` namespace. */
export function describeRefusal(refusal: Refusal, t: TFunction): { status: number; message: string } {
  const status = STATUS[refusal.reason];
  switch (refusal.reason) {
    case "not_found":
      return { status, message: t("errors.notFound") };
    case "forbidden":
      return { status, message: t("errors.forbidden") };
    case "has_enrollments":
      return { status, message: t("errors.hasEnrollments") };
    case "media_not_found":
      return { status, message: t("errors.mediaNotFound") };
    case "lesson_not_found":
      return { status, message: t("errors.lessonNotFound") };
    case "too_many_lessons":
      return { status, message: t("errors.tooManyLessons") };
    case "section_not_found":
      return { status, message: t("errors.sectionNotFound") };
    case "section_not_empty":
      return { status, message: t("errors.sectionNotEmpty") };
    case "last_section":
      return { status, message: t("errors.lastSection") };
    case "too_many_sections":
      return { status, message: t("errors.tooManySections") };
    case "cannot_publish":
      return {
        status,
        message: t("errors.cannotPublish", {
          missing: refusal.missing.map((item) => t(`publish.missing.${item}`)).join(t("listSeparator")),
        }),
      };
  }
}
