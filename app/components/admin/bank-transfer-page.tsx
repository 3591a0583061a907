// The admin's bank-transfer settings: the account learners transfer to, and the instructions shown with
// it, English and Arabic side by side.
import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/admin-bank-transfer";
import { ErrorSummary, fieldErrorLinks } from "../error-summary";
import { PageIntro } from "../page-intro";

type LoaderData = Route.ComponentProps["loaderData"];

const FIELDS = ["bankName", "accountHolder", "iban", "swift", "instructions", "instructionsAr"] as const;

export function AdminBankTransfer({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation("wallet");
  const sending = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? {};
  const saved = loaderData.account;
  const shownValue = (field: (typeof FIELDS)[number]) => values[field] ?? saved?.[field] ?? "";
  const inputClass = (field: string) =>
    `mt-1 block w-full rounded-md border px-3 py-2 ${errors[field] ? "border-red-600" : "border-ink/20"} focus:border-coral-500`;

  const field = (
    name: (typeof FIELDS)[number],
    options: { dir?: "ltr" | "rtl" | "auto"; lang?: "en" | "ar"; multiline?: boolean; hint?: string } = {},
  ) => {
    const id = `bank-${name}`;
    const describedBy =
      [options.hint ? `${id}-hint` : null, errors[name] ? `${id}-error` : null].filter(Boolean).join(" ") ||
      undefined;
    const common = {
      id,
      name,
      defaultValue: shownValue(name),
      dir: options.dir ?? "auto",
      lang: options.lang,
      "aria-invalid": errors[name] ? true : undefined,
      "aria-describedby": describedBy,
      className: inputClass(name),
    };
    return (
      <div>
        <label htmlFor={id} className="block font-semibold">
          {t(`bank.fields.${name}`)}
        </label>
        {options.hint ? (
          <p id={`${id}-hint`} className="text-sm text-ink/80">
            {options.hint}
          </p>
        ) : null}
        {options.multiline ? (
          <textarea {...common} rows={5} maxLength={2000} />
        ) : (
          <input {...common} autoComplete="off" maxLength={200} />
        )}
        {errors[name] ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-field-error={name}>
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <>
      <PageIntro title={t("bank.admin.title")} lead={t("bank.admin.lead")} />
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="bank-form-heading">
        <h2 id="bank-form-heading" className="text-2xl font-bold">
          {t("bank.admin.formHeading")}
        </h2>
        <p className="mt-2 text-ink/80" data-testid="bank-transfer-state">
          {saved ? t("bank.admin.updatedAt", { date: saved.updatedAt }) : t("bank.admin.notSet")}
        </p>
        {/* Keyed by the saved version: after a save the fields show the account as stored (the IBAN in groups
            of four), not what was typed, with JavaScript too. */}
        <Form
          key={saved?.version ?? "new"}
          method="post"
          noValidate
          className="mt-6 space-y-5"
          aria-describedby={actionData ? "bank-form-error" : undefined}
        >
          {actionData ? (
            <ErrorSummary
              id="bank-form-error"
              answer={actionData}
              message={t("bank.admin.failed")}
              fields={fieldErrorLinks(errors, "bank-", [...FIELDS])}
            />
          ) : null}
          <div className="grid gap-5 md:grid-cols-2">
            {field("bankName")}
            {field("accountHolder")}
            {field("iban", { dir: "ltr", hint: t("bank.admin.ibanHint") })}
            {field("swift", { dir: "ltr", hint: t("bank.admin.swiftHint") })}
          </div>
          <fieldset>
            <legend className="font-semibold">{t("bank.admin.instructions")}</legend>
            <p className="text-sm text-ink/80">{t("bank.admin.instructionsHint")}</p>
            <div className="mt-2 grid gap-5 md:grid-cols-2">
              {field("instructions", { dir: "ltr", lang: "en", multiline: true })}
              {field("instructionsAr", { dir: "rtl", lang: "ar", multiline: true })}
            </div>
          </fieldset>
          <button
            type="submit"
            disabled={sending}
            className="rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
          >
            {sending ? t("bank.admin.saving") : t("bank.admin.save")}
          </button>
        </Form>
      </section>
    </>
  );
}
