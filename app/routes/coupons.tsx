// Coupon codes: /dashboard/admin/coupons (admins: any course, or every course) and /instructor/coupons
// (trainers: codes for their own courses). Create with a plain form; list with uses; disable.

import { data, Form } from "react-router";
import { z } from "zod";
import { canTeach, isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { ErrorSummary, fieldErrorLinks } from "../components/error-summary";
import { PageIntro } from "../components/page-intro";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { useTranslation } from "../i18n/use-translation";
import { readForm, validateForm } from "../lib/forms.server";
import { pick } from "../lib/localized";
import { formatMoney } from "../lib/money";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { entityId } from "../lib/validation";
import {
  CouponInput,
  couponCourses,
  createCoupon,
  disableCoupon,
  listCoupons,
} from "../payments/coupons.server";
import { toasts } from "../toast.server";
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

const FIELDS = ["code", "value", "courseId", "expiresAt", "maxUses"] as const;

export default function Coupons({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  const field = (name: string) => ({
    id: `coupon-${name}`,
    name,
    defaultValue: values[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `coupon-${name}-error` : undefined,
    className: `mt-1 block w-full rounded-md border px-3 py-2 ${errors[name] ? "border-red-600" : "border-ink/20"}`,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`coupon-${name}-error`} className="mt-1 text-sm text-red-700" data-field-error={name}>
        {errors[name]}
      </p>
    ) : null;
  return (
    <>
      <PageIntro title={t("coupons.title")} lead={t("coupons.lead")} />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 *:min-w-0 lg:grid-cols-[22rem_1fr]">
        <section aria-labelledby="new-coupon-heading">
          <h2 id="new-coupon-heading" className="text-2xl font-bold">
            {t("coupons.newHeading")}
          </h2>
          <Form method="post" noValidate className="mt-6 space-y-5">
            {actionData ? (
              <ErrorSummary
                answer={actionData}
                message={t("coupons.failed")}
                fields={fieldErrorLinks(errors, "coupon-", FIELDS)}
              />
            ) : null}
            <input type="hidden" name="intent" value="create" />
            <div>
              <label htmlFor="coupon-code" className="block font-semibold">
                {t("coupons.code")}
              </label>
              <input {...field("code")} maxLength={32} autoComplete="off" dir="ltr" />
              {error("code")}
            </div>
            <fieldset>
              <legend className="font-semibold">{t("coupons.discountType")}</legend>
              <div className="mt-1 flex flex-wrap gap-4">
                {(["percent", "amount"] as const).map((kind) => (
                  <label key={kind} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="discountType"
                      value={kind}
                      defaultChecked={(values.discountType ?? "percent") === kind}
                      className="size-4"
                    />
                    {t(`coupons.type.${kind}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <div>
              <label htmlFor="coupon-value" className="block font-semibold">
                {t("coupons.value")}
              </label>
              <input {...field("value")} inputMode="decimal" autoComplete="off" dir="ltr" />
              {error("value")}
            </div>
            <div>
              <label htmlFor="coupon-courseId" className="block font-semibold">
                {t("coupons.course")}
              </label>
              <select {...field("courseId")}>
                {loaderData.isAdmin ? <option value="">{t("coupons.allCourses")}</option> : null}
                {loaderData.courses.map((course) => (
                  <option key={course.id} value={course.id}>
                    {course.title}
                  </option>
                ))}
              </select>
              {error("courseId")}
            </div>
            <div>
              <label htmlFor="coupon-expiresAt" className="block font-semibold">
                {t("coupons.expiresAt")}
              </label>
              <input {...field("expiresAt")} type="datetime-local" dir="ltr" />
              {error("expiresAt")}
            </div>
            <div>
              <label htmlFor="coupon-maxUses" className="block font-semibold">
                {t("coupons.maxUses")}
              </label>
              <input {...field("maxUses")} inputMode="numeric" autoComplete="off" dir="ltr" />
              {error("maxUses")}
            </div>
            <button
              type="submit"
              className="rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700"
            >
              {t("coupons.create")}
            </button>
          </Form>
        </section>
        <section aria-labelledby="coupon-list-heading">
          <h2 id="coupon-list-heading" className="text-2xl font-bold">
            {t("coupons.listHeading")}
          </h2>
          {loaderData.coupons.length === 0 ? (
            <p className="mt-2 text-ink/80">{t("coupons.empty")}</p>
          ) : (
            <ul className="mt-4 space-y-3" data-testid="coupon-list">
              {loaderData.coupons.map((coupon) => (
                <li key={coupon.id} className="rounded-md border border-ink/15 p-3" data-testid="coupon-row">
                  <p className="flex flex-wrap justify-between gap-2">
                    <strong dir="ltr">{coupon.code}</strong>
                    <span className="text-sm font-semibold">{t(`coupons.state.${coupon.state}`)}</span>
                  </p>
                  <p className="text-sm text-ink/80">
                    <span dir="ltr">{coupon.discount}</span> · {coupon.course} ·{" "}
                    {t("coupons.uses", { uses: coupon.uses })}
                    {coupon.expires ? ` · ${t("coupons.expires", { date: coupon.expires })}` : ""}
                  </p>
                  {coupon.state === "disabled" ? null : (
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="intent" value="disable" />
                      <input type="hidden" name="id" value={coupon.id} />
                      <button
                        type="submit"
                        aria-label={t("coupons.disableLabel", { code: coupon.code })}
                        className="text-sm font-semibold text-coral-700 hover:underline"
                      >
                        {t("coupons.disable")}
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
