// /account: the signed-in person's settings: their name (in English and optionally in Arabic), their sign-in
// email (a change waits for its link to be opened, /account/confirm-email), their password, the sessions they
// are signed in with, and deleting the account. Plain forms, told apart by `intent`.

import { data, Form, useNavigation } from "react-router";
import { AccountDeletionInput, deleteAccount } from "../account/deletion.server";
import {
  cancelEmailChange,
  EmailChangeInput,
  pendingEmailChange,
  requestEmailChange,
} from "../account/email.server";
import { mayDeleteOwnAccount } from "../account/policy";
import { ProfileInput, updateProfile } from "../account/profile.server";
import {
  changePassword,
  listSessions,
  PasswordChangeInput,
  revokeOtherSessions,
  revokeSession,
} from "../account/security.server";
import { requireUser } from "../auth/guards.server";
import { sessionCookie } from "../auth/session.server";
import { clearGuestCartCookie } from "../commerce/cart.server";
import { ChangeEmailSection, DeleteAccountSection } from "../components/account-sections";
import { ErrorSummary, fieldErrorLinks } from "../components/error-summary";
import { PageIntro } from "../components/page-intro";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { useTranslation } from "../i18n/use-translation";
import { clientAddress } from "../lib/client-address";
import { readForm, validateForm } from "../lib/forms.server";
import { formatMoney } from "../lib/money";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { getViewer } from "../middleware/auth.server";
import { getI18n } from "../middleware/i18next.server";
import { getMailer } from "../middleware/mail.server";
import { toasts } from "../toast.server";
import type { Route } from "./+types/account";

export const handle = { i18n: ["auth"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const t = page.tIn("auth");
  const db = getDb(context);
  const sessions = await listSessions(db, user.id, getViewer(context).token ?? "");
  const pending = await pendingEmailChange(db, user.id);
  return {
    meta: page.meta(t("settings.title"), t("settings.metaDescription")),
    profile: { name: user.name, nameAr: user.nameAr ?? "", email: user.email },
    hasPassword: user.passwordHash !== null,
    pendingEmail: pending
      ? { email: pending.newEmail, until: linkDeadline(pending.expiresAt, page.locale) }
      : null,
    // Deleting says what happens to the money left in the wallet; admins and course owners cannot.
    walletBalance:
      user.walletBalance > 0 ? formatMoney(user.walletBalance, page.locale, readConfig().currency) : null,
    canDelete: mayDeleteOwnAccount(user),
    sessions: sessions.map((session) => {
      const device =
        session.kind === "api"
          ? t("settings.apiSession")
          : t("settings.deviceOn", {
              browser: session.device.browser ?? t("settings.unknownBrowser"),
              os: session.device.os ?? t("settings.unknownSystem"),
            });
      const lastUsed = page.date(session.lastSeenAt.toISOString());
      return {
        id: session.id,
        current: session.current,
        device,
        signedInAt: page.date(session.createdAt.toISOString()),
        lastUsed,
        signOutLabel: t("settings.signOutLabel", { device, date: lastUsed }),
      };
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const { locale } = pageContext(request, context);
  const t = getI18n(context).getFixedT(locale, "auth");
  const db = getDb(context);
  const token = getViewer(context).token ?? "";
  const back = localizePath("/account", locale);
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "password") {
    const form = validateForm(formData, PasswordChangeInput, t);
    if (!form.ok)
      return data({ form: "password", fieldErrors: form.fieldErrors, values: {} }, { status: 400 });
    const outcome = await changePassword(db, user.id, token, form.data);
    if (!outcome.ok) {
      const fieldErrors = { currentPassword: t("settings.wrongPassword") };
      return data({ form: "password", fieldErrors, values: {} }, { status: 400 });
    }
    return toasts().redirectWithSuccess(
      back,
      t("settings.passwordChanged", { count: outcome.revokedSessions }),
    );
  }
  if (intent === "email") {
    const form = validateForm(formData, EmailChangeInput, t);
    if (!form.ok)
      return data(
        { form: "email", fieldErrors: form.fieldErrors, values: { newEmail: form.values.newEmail } },
        { status: 400 },
      );
    const outcome = await requestEmailChange(db, getMailer(context), {
      userId: user.id,
      input: form.data,
      address: clientAddress(context),
      locale,
      t: getI18n(context).getFixedT(locale, "mail"),
    });
    if (!outcome.ok) {
      const fieldErrors =
        outcome.reason === "wrong_password" || outcome.reason === "no_password"
          ? {
              currentPassword: t(
                outcome.reason === "no_password" ? "email.noPassword" : "settings.wrongPassword",
              ),
            }
          : {
              newEmail:
                outcome.reason === "rate_limited"
                  ? t("email.rateLimited", { count: Math.ceil(outcome.retryAfterSeconds / 60) })
                  : t(outcome.reason === "email_taken" ? "signup.emailTaken" : "email.same"),
            };
      const status = outcome.reason === "email_taken" ? 409 : outcome.reason === "rate_limited" ? 429 : 400;
      const headers: HeadersInit =
        outcome.reason === "rate_limited" ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
      return data(
        { form: "email", fieldErrors, values: { newEmail: form.data.newEmail } },
        { status, headers },
      );
    }
    await outcome.delivery;
    return toasts().redirectWithSuccess(back, t("email.requested", { email: outcome.newEmail }));
  }
  if (intent === "cancelEmail") {
    return (await cancelEmailChange(db, user.id))
      ? toasts().redirectWithSuccess(back, t("email.cancelled"))
      : toasts().redirectWithError(back, t("email.nothingToCancel"));
  }
  if (intent === "delete") {
    const form = validateForm(formData, AccountDeletionInput, t);
    if (!form.ok) return data({ form: "delete", fieldErrors: form.fieldErrors, values: {} }, { status: 400 });
    const outcome = await deleteAccount(db, user.id, form.data);
    if (!outcome.ok) {
      const message = {
        wrong_confirmation: user.passwordHash ? t("settings.wrongPassword") : t("deletion.wrongEmail"),
        admin: t("deletion.admin"),
        owns_courses: t("deletion.ownsCourses"),
      }[outcome.reason];
      return data({ form: "delete", fieldErrors: { confirmation: message }, values: {} }, { status: 400 });
    }
    const response = await toasts().redirectWithSuccess(localizePath("/", locale), t("deletion.done"));
    response.headers.append(
      "Set-Cookie",
      await sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) }),
    );
    response.headers.append("Set-Cookie", await clearGuestCartCookie());
    return response;
  }
  if (intent === "revokeSession") {
    const sessionId = formData.get("sessionId");
    const ended = typeof sessionId === "string" && (await revokeSession(db, user.id, sessionId));
    return ended
      ? toasts().redirectWithSuccess(back, t("settings.signedOut"))
      : toasts().redirectWithError(back, t("settings.sessionGone"));
  }
  if (intent === "revokeOthers") {
    const count = await revokeOtherSessions(db, user.id, token);
    return toasts().redirectWithSuccess(back, t("settings.signedOutOthers", { count }));
  }

  // The profile form (its intent is "profile"; a form without one is read as the profile too).
  const form = validateForm(formData, ProfileInput, t);
  if (!form.ok)
    return data({ form: "profile", fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  await updateProfile(db, user.id, form.data);
  // Post/Redirect/Get: the header and every page pick the new name up from the fresh request.
  return toasts().redirectWithSuccess(back, t("settings.saved"));
}

/** When a confirmation link runs out, to the minute; in UTC, since the server does not know the reader's zone. */
function linkDeadline(expiresAt: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(expiresAt);
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
  const profileAnswer = actionData?.form === "profile" ? actionData : undefined;
  const passwordAnswer = actionData?.form === "password" ? actionData : undefined;
  const errors: Record<string, string | undefined> = profileAnswer?.fieldErrors ?? {};
  const values: Record<string, string | undefined> = profileAnswer?.values ?? profile;
  const passwordErrors: Record<string, string | undefined> = passwordAnswer?.fieldErrors ?? {};
  const otherSessions = loaderData.sessions.filter((session) => !session.current).length;
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
