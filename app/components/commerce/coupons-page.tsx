// The coupons page (admins and trainers): the new-coupon form and the list with disabling.
import { Form } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/coupons";
import { ErrorSummary, fieldErrorLinks } from "../error-summary";
import { PageIntro } from "../page-intro";

type LoaderData = Route.ComponentProps["loaderData"];

const FIELDS = ["code", "value", "courseId", "expiresAt", "maxUses"] as const;

export function Coupons({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: Route.ComponentProps["actionData"];
}) {
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
