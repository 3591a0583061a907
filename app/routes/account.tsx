// /account: the signed-in person's settings: their name (in English and optionally in Arabic), their sign-in
// email (a change waits for its link to be opened, /account/confirm-email), their password, the sessions they
// are signed in with, and deleting the account. Plain forms, told apart by `intent`.

import { data } from "react-router";
import { z } from "zod";
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
import { getViewer } from "../auth/viewer";
import { clearGuestCartCookie } from "../commerce/cart.server";
import { Account } from "../components/account/account-page";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { localizePath } from "../i18n/languages";
import { clientAddress } from "../lib/client-address";
import { readForm, validateForm } from "../lib/forms.server";
import { formatMoney } from "../lib/money";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { getPreferences, setPreferences } from "../notifications/notifications.server";
import { PreferencesForm } from "../notifications/policy";
import type { Route } from "./+types/account";

export const handle = { i18n: ["auth", "notifications"] };

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
    notificationPreferences: await getPreferences(db, user.id),
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

/** Which of the page's forms was sent; one without an intent (or with one nobody sends) is the profile form. */
const AccountIntent = z.object({
  intent: z
    .enum([
      "profile",
      "password",
      "email",
      "cancelEmail",
      "delete",
      "revokeSession",
      "revokeOthers",
      "notifications",
    ])
    .catch("profile"),
});

/** The session to end: revokeSession refuses an id that cannot name one. */
const RevokeSessionInput = z.object({ sessionId: z.string().max(200) });

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const { locale } = pageContext(request, context);
  const t = getI18n(context).getFixedT(locale, "auth");
  const db = getDb(context);
  const token = getViewer(context).token ?? "";
  const back = localizePath("/account", locale);
  const formData = await readForm(request);
  const intent = validateForm(formData, AccountIntent, t);
  // The schema catches an unknown intent as the profile form, so this never fails; the type needs the check.
  if (!intent.ok) throw new Response("Bad Request", { status: 400 });

  if (intent.data.intent === "password") {
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
  if (intent.data.intent === "email") {
    const form = validateForm(formData, EmailChangeInput, t);
    if (!form.ok)
      return data(
        { form: "email", fieldErrors: form.fieldErrors, values: { newEmail: form.values.newEmail } },
        { status: 400 },
      );
    const outcome = await requestEmailChange(db, {
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
    return toasts().redirectWithSuccess(back, t("email.requested", { email: outcome.newEmail }));
  }
  if (intent.data.intent === "cancelEmail") {
    return (await cancelEmailChange(db, user.id))
      ? toasts().redirectWithSuccess(back, t("email.cancelled"))
      : toasts().redirectWithError(back, t("email.nothingToCancel"));
  }
  if (intent.data.intent === "delete") {
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
  if (intent.data.intent === "revokeSession") {
    const form = validateForm(formData, RevokeSessionInput, t);
    const ended = form.ok && (await revokeSession(db, user.id, form.data.sessionId));
    return ended
      ? toasts().redirectWithSuccess(back, t("settings.signedOut"))
      : toasts().redirectWithError(back, t("settings.sessionGone"));
  }
  if (intent.data.intent === "notifications") {
    const tn = getI18n(context).getFixedT(locale, "notifications");
    const form = validateForm(formData, PreferencesForm, tn);
    if (!form.ok) return toasts().redirectWithError(back, tn("errors.delivery"));
    await setPreferences(db, user.id, form.data);
    return toasts().redirectWithSuccess(back, tn("preferences.saved"));
  }
  if (intent.data.intent === "revokeOthers") {
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

export default function AccountRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <Account loaderData={loaderData} actionData={actionData} />;
}
