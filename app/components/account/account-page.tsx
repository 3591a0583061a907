// The account page: profile, password, email, sessions, language and deleting the account.
import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/account";
import { ChangeEmailSection, DeleteAccountSection } from "../account-sections";
import { ErrorSummary, fieldErrorLinks } from "../error-summary";
import { NotificationPreferencesSection } from "../notifications/preferences-section";
import { PageIntro } from "../page-intro";

type LoaderData = Route.ComponentProps["loaderData"];

const FIELDS = [
  { name: "name", dir: undefined, hint: false },
  { name: "nameAr", dir: "rtl", hint: true },
] as const;

export function Account({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation("auth");
  const saving = useNavigation().state === "submitting";
  const { profile } = loaderData;
  const profileAnswer = actionData?.form === "profile" ? actionData : undefined;
  const passwordAnswer = actionData?.form === "password" ? actionData : undefined;
  const errors: Record<string, string | undefined> = profileAnswer?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = profileAnswer?.values ?? profile;
  const passwordErrors: Record<string, string | undefined> = passwordAnswer?.fieldErrors ?? {};
  const otherSessions = loaderData.sessions.filter((session) => !session.current).length;
  return (
    <>
      <PageIntro width="2xl" title={t("settings.title")} />
      <section className="mx-auto max-w-2xl px-4 py-12" aria-labelledby="profile-heading">
        <h2 id="profile-heading" className="text-2xl font-bold">
          {t("settings.profileHeading")}
        </h2>
        <p className="mt-2 text-ink/80">{t("settings.profileLead")}</p>
        <Form
          method="post"
          noValidate
          className="mt-6 space-y-5"
          aria-describedby={profileAnswer ? "profile-form-error" : undefined}
        >
          <input type="hidden" name="intent" value="profile" />
          {profileAnswer ? (
            <ErrorSummary
              id="profile-form-error"
              answer={profileAnswer}
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
      <section className="mx-auto max-w-2xl px-4 pb-12" aria-labelledby="password-heading">
        <h2 id="password-heading" className="text-2xl font-bold">
          {t("settings.passwordHeading")}
        </h2>
        <p className="mt-2 text-ink/80">
          {loaderData.hasPassword ? t("settings.passwordLead") : t("settings.passwordLeadNone")}
        </p>
        <Form
          method="post"
          noValidate
          className="mt-6 space-y-5"
          aria-describedby={passwordAnswer ? "password-form-error" : undefined}
        >
          <input type="hidden" name="intent" value="password" />
          {passwordAnswer ? (
            <ErrorSummary
              id="password-form-error"
              answer={passwordAnswer}
              message={t("settings.passwordFailed")}
              fields={fieldErrorLinks(passwordErrors, "password-", ["currentPassword", "newPassword"])}
            />
          ) : null}
          {(loaderData.hasPassword
            ? (["currentPassword", "newPassword"] as const)
            : (["newPassword"] as const)
          ).map((field) => (
            <div key={field}>
              <label htmlFor={`password-${field}`} className="block font-semibold">
                {t(`settings.${field}`)}
              </label>
              {field === "newPassword" ? (
                <p id="password-newPassword-hint" className="text-sm text-ink/80">
                  {t("settings.newPasswordHint")}
                </p>
              ) : null}
              <input
                id={`password-${field}`}
                name={field}
                type="password"
                dir="ltr"
                autoComplete={field === "currentPassword" ? "current-password" : "new-password"}
                maxLength={128}
                aria-invalid={passwordErrors[field] ? true : undefined}
                aria-describedby={
                  [
                    field === "newPassword" ? "password-newPassword-hint" : null,
                    passwordErrors[field] ? `password-${field}-error` : null,
                  ]
                    .filter(Boolean)
                    .join(" ") || undefined
                }
                className={`mt-1 block w-full rounded-md border px-3 py-2 ${passwordErrors[field] ? "border-red-600" : "border-ink/20"} focus:border-coral-500`}
              />
              {passwordErrors[field] ? (
                <p
                  id={`password-${field}-error`}
                  className="mt-1 text-sm text-red-700"
                  data-field-error={field}
                >
                  {passwordErrors[field]}
                </p>
              ) : null}
            </div>
          ))}
          <button
            type="submit"
            disabled={saving}
            className="rounded-md bg-coral-600 px-6 py-3 font-semibold text-white hover:bg-coral-700 disabled:opacity-60"
          >
            {t("settings.changePassword")}
          </button>
        </Form>
      </section>
      <ChangeEmailSection
        email={profile.email}
        pending={loaderData.pendingEmail}
        hasPassword={loaderData.hasPassword}
        answer={actionData?.form === "email" ? actionData : undefined}
      />
      <NotificationPreferencesSection preferences={loaderData.notificationPreferences} />
      <section className="mx-auto max-w-2xl px-4 pb-12" aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="text-2xl font-bold">
          {t("settings.sessionsHeading")}
        </h2>
        <p className="mt-2 text-ink/80">{t("settings.sessionsLead")}</p>
        <ul className="mt-6 space-y-3" data-testid="sessions">
          {loaderData.sessions.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-ink/15 p-3"
            >
              <div>
                <p className="font-semibold">
                  {session.device}
                  {session.current ? (
                    <span className="ms-2 rounded-full bg-teal-700/15 px-2 py-0.5 text-xs text-teal-700">
                      {t("settings.thisDevice")}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-ink/80">
                  {t("settings.signedInAt", { date: session.signedInAt })} ·{" "}
                  {t("settings.lastUsed", { date: session.lastUsed })}
                </p>
              </div>
              {session.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revokeSession" />
                  <input type="hidden" name="sessionId" value={session.id} />
                  <button
                    type="submit"
                    aria-label={session.signOutLabel}
                    className="rounded-md border border-ink/30 px-4 py-2 text-sm font-semibold hover:bg-ink/5"
                  >
                    {t("settings.signOut")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {otherSessions > 0 ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="revokeOthers" />
            <button
              type="submit"
              className="rounded-md border border-coral-700 px-5 py-2 font-semibold text-coral-700 hover:bg-coral-700/5"
            >
              {t("settings.signOutOthers")}
            </button>
          </Form>
        ) : (
          <p className="mt-4 text-sm text-ink/80">{t("settings.noOtherSessions")}</p>
        )}
      </section>
      <DeleteAccountSection
        hasPassword={loaderData.hasPassword}
        canDelete={loaderData.canDelete}
        walletBalance={loaderData.walletBalance}
        answer={actionData?.form === "delete" ? actionData : undefined}
      />
    </>
  );
}
