// POST /api/course/enrollment/:courseId: buys one course with the caller's wallet (the same purchase as bulk).
// An optional JSON body {couponCode?} applies a coupon; without a JSON body it is a plain purchase.

import { requireApiUser } from "../../auth/guards.server";
import { purchaseApiResponse, purchaseCourses } from "../../commerce/enrollment.server";
import { EnrollOneInput } from "../../commerce/enrollment-inputs";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiError, apiLocale, bodyErrorResponse, methodNotAllowed, readJsonBody } from "../../lib/api.server";
import { parseId } from "../../lib/params";
import { BodyError, readBodyBytes } from "../../lib/request-body.server";
import type { Route } from "./+types/enroll-one";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireApiUser(request, context);
  if (request.method !== "POST") return methodNotAllowed(request, context, "POST");
  const locale = apiLocale(request);
  const t = getI18n(context).getFixedT(locale, "catalog");
  const courseId = parseId(params.courseId);
  // A segment that cannot be an id names no course: the same 404 as an unknown one.
  if (courseId === null) return apiError(404, "not_found", t("enrollment.api.courseNotFound"));
  let couponCode: string | undefined;
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    // An empty JSON body is a plain purchase, as before coupons existed.
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(await readBodyBytes(request));
    } catch (error) {
      if (error instanceof BodyError) return bodyErrorResponse(error, getI18n(context).getFixedT(locale));
      return apiError(400, "bad_request", getI18n(context).getFixedT(locale)("api.invalidJson"));
    }
    if (text.trim() !== "") {
      const { data, error } = await readJsonBody(
        new Request(request.url, { method: "POST", headers: request.headers, body: text }),
        EnrollOneInput,
        getI18n(context),
        "catalog",
      );
      if (error) return error;
      couponCode = data.couponCode;
    }
  }
  const outcome = await purchaseCourses(getDb(context), user.id, [courseId], { couponCode });
  return purchaseApiResponse(outcome, t, locale);
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "POST");
}
