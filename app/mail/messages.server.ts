// The emails Manara sends, written in the language of the page the person was on. Each is a plain-text body
// (what most clients show first, and what screen readers read best) and the same blocks for the HTML part,
// which the mail job draws in the brand's frame with the right `lang` and `dir` (app/mail/layout.server.ts).
import type { Locale } from "../i18n/languages";
import type { TFunction } from "../i18n/translator";
import type { MailBlock } from "./layout.server";
import type { MailMessage } from "./mailer.server";

export type Paragraph = MailBlock;

export function compose(to: string, locale: Locale, subject: string, paragraphs: Paragraph[]): MailMessage {
  const text = paragraphs
    .map((part) => (typeof part === "string" ? part : `${part.label}\n${part.link}`))
    .join("\n\n");
  return { to, subject, text: `${text}\n`, blocks: paragraphs, locale };
}

/** `t` is fixed to the `mail` namespace in `locale`. */
export function welcomeMail(
  t: TFunction,
  locale: Locale,
  { to, name, coursesUrl }: { to: string; name: string; coursesUrl: string },
): MailMessage {
  return compose(to, locale, t("welcome.subject", { name }), [
    t("welcome.greeting", { name }),
    t("welcome.body"),
    { link: coursesUrl, label: t("welcome.browse") },
    t("signature"),
  ]);
}

export function passwordResetMail(
  t: TFunction,
  locale: Locale,
  { to, name, resetUrl, minutes }: { to: string; name: string; resetUrl: string; minutes: number },
): MailMessage {
  return compose(to, locale, t("reset.subject"), [
    t("reset.greeting", { name }),
    t("reset.body"),
    { link: resetUrl, label: t("reset.action") },
    t("reset.expiry", { count: minutes }),
    t("reset.notYou"),
    t("signature"),
  ]);
}

export function emailChangedMail(
  t: TFunction,
  locale: Locale,
  { to, name, newEmail, forgotUrl }: { to: string; name: string; newEmail: string; forgotUrl: string },
): MailMessage {
  return compose(to, locale, t("emailChanged.subject"), [
    t("emailChanged.greeting", { name }),
    t("emailChanged.body", { email: newEmail }),
    t("emailChanged.notYou"),
    { link: forgotUrl, label: t("emailChanged.action") },
    t("signature"),
  ]);
}

/** To the new address: the link that makes the change. */
export function emailChangeConfirmMail(
  t: TFunction,
  locale: Locale,
  { to, name, confirmUrl, hours }: { to: string; name: string; confirmUrl: string; hours: number },
): MailMessage {
  return compose(to, locale, t("emailChangeConfirm.subject"), [
    t("emailChangeConfirm.greeting", { name }),
    t("emailChangeConfirm.body"),
    { link: confirmUrl, label: t("emailChangeConfirm.action") },
    t("emailChangeConfirm.expiry", { count: hours }),
    t("emailChangeConfirm.notYou"),
    t("signature"),
  ]);
}

/** To the current address, when a change is asked for: no confirmation link, only the way back in. */
export function emailChangeRequestedMail(
  t: TFunction,
  locale: Locale,
  {
    to,
    name,
    newEmail,
    forgotUrl,
    hours,
  }: { to: string; name: string; newEmail: string; forgotUrl: string; hours: number },
): MailMessage {
  return compose(to, locale, t("emailChangeRequested.subject"), [
    t("emailChangeRequested.greeting", { name }),
    t("emailChangeRequested.body", { email: newEmail }),
    t("emailChangeRequested.pending", { count: hours }),
    t("emailChangeRequested.notYou"),
    { link: forgotUrl, label: t("emailChangeRequested.action") },
    t("signature"),
  ]);
}
