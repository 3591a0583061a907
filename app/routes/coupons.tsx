// Coupon codes: /dashboard/admin/coupons (admins: any course, or every course) and /instructor/coupons
// (trainers: codes for their own courses). Create with a plain form; list with uses; disable.

import { data } from "react-router";
import { z } from "zod";
import { canTeach, isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { Coupons } from "../components/commerce/coupons-page";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { readForm, validateForm } from "../lib/forms.server";
import { pick } from "../lib/localized";
import { formatMoney } from "../lib/money";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { entityId } from "../lib/validation";
import {
  CouponInput,
  couponCourses,
  createCoupon,
  disableCoupon,
  listCoupons,
} from "../payments/coupons.server";
import type { Route } from "./+types/coupons";
export const handle = { i18n: ["payments"] };

/** `url` is the page's URL as React Router hands it to loaders and actions (no `.data` suffix). */
function area(url: URL): "admin" | "instructor" {
  return /\/dashboard\/admin\/coupons\/?$/.test(url.pathname) ? "admin" : "instructor";
}

function guard(request: Request, url: URL, context: Route.LoaderArgs["context"]) {
  return requireRole(request, context, area(url) === "admin" ? isAdmin : canTeach);
}

const whole = (value: string | undefined) =>
  value && /^\d{1,9}$/.test(value) ? Number(value) : value || undefined;

/** The form's strings, turned into the API's input (the same rules and messages). */
const CouponForm = z.preprocess((raw) => {
  const form = (raw ?? {}) as Record<string, string | undefined>;
  const expiresAt = form.expiresAt ?? "";
  return {
    code: form.code ?? "",
    ...(form.discountType === "amount"
      ? { amountOff: form.value ?? "" }
      : { percentOff: whole(form.value) ?? "" }),
    courseId: whole(form.courseId),
    expiresAt: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(expiresAt)
      ? `${expiresAt}:00Z`
      : expiresAt || undefined,
    maxUses: whole(form.maxUses),
  };
}, CouponInput);

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = guard(request, url, context);
  const page = pageContext(request, context);
  const t = page.tIn("payments");
  const db = getDb(context);
  const currency = readConfig().currency;
  const [rows, courseOptions] = await Promise.all([listCoupons(db, user), couponCourses(db, user)]);
  const now = Date.now();
  return {
    meta: page.meta(t("coupons.title"), t("coupons.meta")),
    isAdmin: isAdmin(user),
    courses: courseOptions.map((course) => ({
      id: course.id,
      title: pick(page.locale, course.title, course.titleAr),
    })),
    coupons: rows.map(({ coupon, courseTitle, courseTitleAr }) => ({
      id: coupon.id,
      code: coupon.code,
      discount:
        coupon.percentOff !== null
          ? t("coupons.percent", { percent: coupon.percentOff })
          : formatMoney(coupon.amountOff ?? 0, page.locale, currency),
      course: courseTitle ? pick(page.locale, courseTitle, courseTitleAr) : t("coupons.allCourses"),
      expires: coupon.expiresAt ? page.date(coupon.expiresAt.toISOString()) : null,
      uses: coupon.maxUses === null ? String(coupon.uses) : `${coupon.uses} / ${coupon.maxUses}`,
      state: coupon.disabledAt
        ? "disabled"
        : coupon.expiresAt && coupon.expiresAt.getTime() <= now
          ? "expired"
          : coupon.maxUses !== null && coupon.uses >= coupon.maxUses
            ? "usedUp"
            : "active",
    })),
  };
}

const DisableInput = z.object({ intent: z.literal("disable"), id: entityId("coupon.errors.codeInvalid") });

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = guard(request, url, context);
  const page = pageContext(request, context);
  const t = page.tIn("payments");
  const db = getDb(context);
  const back = localizePath(
    area(url) === "admin" ? "/dashboard/admin/coupons" : "/instructor/coupons",
    page.locale,
  );
  const form = await readForm(request);
  const disable = validateForm(form, DisableInput, t);
  if (disable.values.intent === "disable") {
    const outcome = disable.ok ? await disableCoupon(db, user, disable.data.id) : { ok: false as const };
    if (!outcome.ok) return toasts().redirectWithError(back, t("coupons.notFound"));
    return toasts().redirectWithSuccess(back, t("coupons.disabled"));
  }
  const parsed = validateForm(form, CouponForm, t);
  if (!parsed.ok) {
    const { percentOff, amountOff, ...rest } = parsed.fieldErrors;
    const fieldErrors = { ...rest, ...(percentOff || amountOff ? { value: percentOff ?? amountOff } : {}) };
    return data({ fieldErrors, values: parsed.values }, { status: 400 });
  }
  const outcome = await createCoupon(db, user, parsed.data);
  if (!outcome.ok) {
    const field = outcome.reason === "code_taken" ? "code" : "courseId";
    const key = {
      code_taken: "coupon.errors.codeTaken",
      course_not_found: "coupon.errors.courseNotFound",
      not_your_course: "coupon.errors.notYourCourse",
      course_required: "coupon.errors.courseRequired",
    }[outcome.reason];
    return data({ fieldErrors: { [field]: t(key) }, values: parsed.values }, { status: 400 });
  }
  return toasts().redirectWithSuccess(back, t("coupons.created", { code: outcome.coupon.code }));
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function CouponsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <Coupons loaderData={loaderData} actionData={actionData} />;
}
