// The site settings page's body: brand, contact details and social links in one plain form; the bilingual
// fields sit side by side, English then Arabic, each input in its own language and direction.
import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { SiteSettingsFormField } from "../../site/settings";
import { SOCIAL_NETWORKS } from "../../site/social-networks";
import { ErrorSummary, fieldErrorLinks } from "../error-summary";
import { PageIntro } from "../page-intro";

type Values = Record<SiteSettingsFormField, string>;

export type SiteSettingsPageProps = {
  loaderData: { values: Values; lastSaved: string | null };
  actionData?: { fieldErrors: Record<string, string>; values: Values };
};

const ID = "site-";

const inputClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border px-3 py-2 ${invalid ? "border-red-600" : "border-ink/20"} focus:border-coral-500`;

function Field({
  name,
  label,
  values,
  errors,
  type = "text",
  maxLength,
  lang,
  dir,
  hint,
  autoComplete = "off",
}: {
  name: SiteSettingsFormField;
  label: string;
  values: Values;
  errors: Record<string, string>;
  type?: "text" | "email" | "tel" | "url";
  maxLength: number;
  lang?: "en" | "ar";
  dir?: "ltr" | "rtl";
  hint?: string;
  autoComplete?: string;
}) {
  const id = `${ID}${name}`;
  const error = errors[name];
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div lang={lang}>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        dir={dir}
        maxLength={maxLength}
        autoComplete={autoComplete}
        defaultValue={values[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={inputClass(Boolean(error))}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink/70">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-field-error={name}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One text in both languages: English at the start, Arabic at the end (right to left, with its fallback noted). */
function BilingualField({
  base,
  label,
  values,
  errors,
  maxLength,
}: {
  base: "brandName" | "address" | "hours";
  label: string;
  values: Values;
  errors: Record<string, string>;
  maxLength: number;
}) {
  const { t } = useTranslation("site");
  const arabic = `${base}Ar` as const;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-base font-bold">{label}</legend>
      <Field
        name={`${base}En`}
        label={`${label} (${t("settings.english")})`}
        values={values}
        errors={errors}
        maxLength={maxLength}
        lang="en"
        dir="ltr"
      />
      <Field
        name={arabic}
        label={`${label} (${t("settings.arabic")})`}
        values={values}
        errors={errors}
        maxLength={maxLength}
        lang="ar"
        dir="rtl"
        hint={values[arabic] === "" ? t("settings.arabicFallback") : undefined}
      />
    </fieldset>
  );
}

export function SiteSettingsPage({ loaderData, actionData }: SiteSettingsPageProps) {
  const { t } = useTranslation("site");
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? loaderData.values;
  const order = [
    "brandNameEn",
    "brandNameAr",
    "email",
    "phone",
    "whatsapp",
    "addressEn",
    "addressAr",
    "hoursEn",
    "hoursAr",
    ...SOCIAL_NETWORKS.map((network) => `social.${network}`),
  ];
  return (
    <>
      <PageIntro width="4xl" title={t("settings.title")} lead={t("settings.lead")} />
      <div className="mx-auto max-w-4xl px-4 py-12">
        <p className="text-sm text-ink/70" data-testid="site-settings-saved">
          {loaderData.lastSaved
            ? t("settings.lastSaved", { date: loaderData.lastSaved })
            : t("settings.neverSaved")}
        </p>
        <Form
          method="post"
          noValidate
          className="mt-6 space-y-10"
          aria-describedby={actionData ? "site-settings-error" : undefined}
        >
          {actionData ? (
            <ErrorSummary
              id="site-settings-error"
              answer={actionData}
              message={t("settings.failed")}
              fields={fieldErrorLinks(errors, ID, order)}
            />
          ) : null}
          <section aria-labelledby="site-brand-heading" className="space-y-4">
            <h2 id="site-brand-heading" className="text-2xl font-bold">
              {t("settings.brandHeading")}
            </h2>
            <BilingualField
              base="brandName"
              label={t("settings.fields.brandName")}
              values={values}
              errors={errors}
              maxLength={60}
            />
          </section>
          <section aria-labelledby="site-contact-heading" className="space-y-6">
            <h2 id="site-contact-heading" className="text-2xl font-bold">
              {t("settings.contactHeading")}
            </h2>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field
                name="email"
                type="email"
                label={t("settings.fields.email")}
                values={values}
                errors={errors}
                maxLength={254}
                dir="ltr"
                autoComplete="email"
              />
              <Field
                name="phone"
                type="tel"
                label={t("settings.fields.phone")}
                values={values}
                errors={errors}
                maxLength={40}
                dir="ltr"
                autoComplete="tel"
                hint={t("settings.fields.phoneHint")}
              />
              <Field
                name="whatsapp"
                type="tel"
                label={t("settings.fields.whatsapp")}
                values={values}
                errors={errors}
                maxLength={40}
                dir="ltr"
                autoComplete="tel"
              />
            </div>
            <BilingualField
              base="address"
              label={t("settings.fields.address")}
              values={values}
              errors={errors}
              maxLength={200}
            />
            <BilingualField
              base="hours"
              label={t("settings.fields.hours")}
              values={values}
              errors={errors}
              maxLength={200}
            />
          </section>
          <section aria-labelledby="site-social-heading" className="space-y-4">
            <h2 id="site-social-heading" className="text-2xl font-bold">
              {t("settings.socialHeading")}
            </h2>
            <p className="text-ink/70">{t("settings.socialLead")}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              {SOCIAL_NETWORKS.map((network) => (
                <Field
                  key={network}
                  name={`social.${network}`}
                  type="url"
                  label={t(`settings.networks.${network}`)}
                  values={values}
                  errors={errors}
                  maxLength={300}
                  dir="ltr"
                />
              ))}
            </div>
          </section>
          <button
            type="submit"
            disabled={saving}
            className="rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
          >
            {saving ? t("settings.saving") : t("settings.save")}
          </button>
        </Form>
      </div>
    </>
  );
}
