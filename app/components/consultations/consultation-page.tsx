// /consultation's body: the slots as radio buttons and the booking form, a plain POST that works without
// JavaScript. The person's name, topic and message are theirs: shown back dir="auto".
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/consultation";
import { ErrorSummary, fieldErrorLinks } from "../error-summary";
import { Honeypot } from "../honeypot";
import { PageIntro } from "../page-intro";
import { SlotPicker } from "./slot-picker";

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

const FIELDS = [
  { name: "name", type: "text", autoComplete: "name", maxLength: 100, optional: false },
  { name: "email", type: "email", autoComplete: "email", maxLength: 254, optional: false },
  { name: "phone", type: "tel", autoComplete: "tel", maxLength: 40, optional: true },
  { name: "topic", type: "text", autoComplete: "off", maxLength: 150, optional: false },
] as const;

export function ConsultationPage({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData: ActionData;
}) {
  const { t } = useTranslation("consultations");
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const location = useLocation();
  const sending = navigation.state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  const { days, timeZone, locale } = loaderData;
  const inputClass = (field: string) =>
    `mt-1 block w-full rounded-md border px-3 py-2 ${errors[field] ? "border-red-600" : "border-ink/20"} focus:border-coral-500`;

  return (
    <>
      <PageIntro title={t("title")} lead={t("lead")} />
      <div className="mx-auto max-w-4xl px-4 py-12">
        {days.length === 0 ? (
          <div data-testid="no-slots">
            <p>{t("noSlots")}</p>
            <Link
              to={localize("/contact")}
              className="mt-4 inline-block font-semibold text-coral-700 underline"
            >
              {t("contactLink")}
            </Link>
          </div>
        ) : (
          <Form
            key={location.key}
            method="post"
            noValidate
            className="space-y-8"
            data-testid="consultation-form"
            aria-describedby={actionData ? "consultation-form-error" : undefined}
          >
            {actionData ? (
              <ErrorSummary
                id="consultation-form-error"
                answer={actionData}
                message={"formError" in actionData ? actionData.formError : t("failed")}
                fields={fieldErrorLinks(errors, "consultation-", [
                  "start",
                  "name",
                  "email",
                  "phone",
                  "topic",
                  "message",
                ])}
              />
            ) : null}
            <section aria-labelledby="consultation-slots">
              <h2 id="consultation-slots" className="mb-3 text-xl font-bold">
                {t("pickSlot")}
              </h2>
              <SlotPicker
                days={days}
                timeZone={timeZone}
                locale={locale}
                idPrefix="consultation-"
                selected={values.start}
                error={errors.start}
              />
            </section>
            <div className="grid gap-5 sm:grid-cols-2">
              {FIELDS.map((field) => (
                <div key={field.name} className={field.name === "topic" ? "sm:col-span-2" : undefined}>
                  <label htmlFor={`consultation-${field.name}`} className="block font-semibold">
                    {t(`fields.${field.name}`)}
                    {field.optional ? (
                      <span className="ms-1 text-sm font-normal text-ink/70">{t("fields.optional")}</span>
                    ) : null}
                  </label>
                  <input
                    id={`consultation-${field.name}`}
                    name={field.name}
                    type={field.type}
                    autoComplete={field.autoComplete}
                    maxLength={field.maxLength}
                    placeholder={field.name === "topic" ? t("placeholders.topic") : undefined}
                    defaultValue={values[field.name]}
                    aria-invalid={errors[field.name] ? true : undefined}
                    aria-describedby={errors[field.name] ? `consultation-${field.name}-error` : undefined}
                    dir={field.name === "email" || field.name === "phone" ? "ltr" : "auto"}
                    className={inputClass(field.name)}
                  />
                  {errors[field.name] ? (
                    <p
                      id={`consultation-${field.name}-error`}
                      className="mt-1 text-sm text-red-700"
                      data-field-error={field.name}
                    >
                      {errors[field.name]}
                    </p>
                  ) : null}
                </div>
              ))}
              <div className="sm:col-span-2">
                <label htmlFor="consultation-message" className="block font-semibold">
                  {t("fields.message")}
                  <span className="ms-1 text-sm font-normal text-ink/70">{t("fields.optional")}</span>
                </label>
                <textarea
                  id="consultation-message"
                  name="message"
                  rows={4}
                  maxLength={5000}
                  dir="auto"
                  defaultValue={values.message}
                  aria-invalid={errors.message ? true : undefined}
                  aria-describedby={errors.message ? "consultation-message-error" : undefined}
                  className={inputClass("message")}
                />
                {errors.message ? (
                  <p
                    id="consultation-message-error"
                    className="mt-1 text-sm text-red-700"
                    data-field-error="message"
                  >
                    {errors.message}
                  </p>
                ) : null}
              </div>
            </div>
            <Honeypot id="consultation-website" label={t("fields.website")} />
            <button
              type="submit"
              disabled={sending}
              className="rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
              data-testid="consultation-submit"
            >
              {sending ? t("sending") : t("submit")}
            </button>
          </Form>
        )}
      </div>
    </>
  );
}
