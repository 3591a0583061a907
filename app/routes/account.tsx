// /account: the signed-in person's settings. For now their name, in English and optionally in Arabic.
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { ProfileInput, updateProfile } from "../account/profile.server";
import { requireUser } from "../auth/guards.server";
import { ErrorSummary, fieldErrorLinks } from "../components/error-summary";
import { PageIntro } from "../components/page-intro";
import { localizePath } from "../i18n/languages";
import { parseForm } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { getDb } from "../middleware/database.server";
import { getI18n } from "../middleware/i18next.server";
import { toasts } from "../toast.server";
import type { Route } from "./+types/account";

export const handle = { i18n: ["auth"] };

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  return {
    meta: page.meta(page.t("auth:settings.title"), page.t("auth:settings.metaDescription")),
    profile: { name: user.name, nameAr: user.nameAr ?? "", email: user.email },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const { locale } = pageContext(request, context);
  const t = getI18n(context).getFixedT(locale, "auth");
  const form = await parseForm(request, ProfileInput, t);
  if (!form.ok) return data({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  await updateProfile(getDb(context), user.id, form.data);
  // Post/Redirect/Get: the header and every page pick the new name up from the fresh request.
  return toasts().redirectWithSuccess(localizePath("/account", locale), t("settings.saved"));
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

const FIELDS = [
  { name: "name", dir: undefined, hint: false },
  { name: "nameAr", dir: "rtl", hint: true },
] as const;

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const saving = useNavigation().state === "submitting";
  const { profile } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = actionData?.values ?? profile;
  return (
    <>
      <PageIntro title={t("settings.title")} />
      <section className="mx-auto max-w-2xl px-4 py-12" aria-labelledby="profile-heading">
        <h2 id="profile-heading" className="text-2xl font-bold">
          {t("settings.profileHeading")}
        </h2>
        <p className="mt-2 text-ink/80">{t("settings.profileLead")}</p>
        <Form
          method="post"
          noValidate
          className="mt-6 space-y-5"
          aria-describedby={actionData ? "profile-form-error" : undefined}
        >
          {actionData ? (
            <ErrorSummary
              id="profile-form-error"
              answer={actionData}
              message={t("settings.failed")}
              fields={fieldErrorLinks(errors, "profile-", ["name", "nameAr"])}
            />
          ) : null}
          {FIELDS.map((field) => {
            const describedBy = [
              field.hint ? `profile-${field.name}-hint` : null,
              errors[field.name] ? `profile-${field.name}-error` : null,
            ].filter(Boolean);
            return (
              <div key={field.name}>
                <label htmlFor={`profile-${field.name}`} className="block font-semibold">
                  {t(`settings.${field.name}`)}
                </label>
                {field.hint ? (
                  <p id={`profile-${field.name}-hint`} className="text-sm text-ink/80">
                    {t("settings.nameArHint")}
                  </p>
                ) : null}
                <input
                  id={`profile-${field.name}`}
                  name={field.name}
                  type="text"
                  autoComplete={field.name === "name" ? "name" : "off"}
                  maxLength={80}
                  dir={field.dir}
                  lang={field.name === "nameAr" ? "ar" : undefined}
                  defaultValue={values[field.name]}
                  aria-invalid={errors[field.name] ? true : undefined}
                  aria-describedby={describedBy.length ? describedBy.join(" ") : undefined}
                  className={`mt-1 block w-full rounded-md border px-3 py-2 ${errors[field.name] ? "border-red-600" : "border-ink/20"} focus:border-coral-500`}
                />
                {errors[field.name] ? (
                  <p
                    id={`profile-${field.name}-error`}
                    className="mt-1 text-sm text-red-700"
                    data-field-error={field.name}
                  >
                    {errors[field.name]}
                  </p>
                ) : null}
              </div>
            );
          })}
          <p className="text-sm text-ink/80">
            {t("settings.email")}: <span dir="ltr">{profile.email}</span>
          </p>
          <button
            type="submit"
            disabled={saving}
            className="rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
          >
            {saving ? t("settings.saving") : t("settings.save")}
          </button>
        </Form>
      </section>
    </>
  );
}
