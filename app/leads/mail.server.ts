// The leads' mails (issue 48), each in English and Arabic through the `leads` namespace: the person's
// acknowledgement and an admin's reply in the language the person wrote in; the team's alert to
// LEADS_NOTIFY_EMAIL in the site's default language, with a link to the lead.
import { publicOrigin } from "../config.server";
import { i18nFor } from "../i18n/context.server";
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from "../i18n/languages";
import type { MailMessage } from "../mail/mailer.server";
import { compose } from "../mail/messages.server";

export const mailLocale = (locale: string): Locale => (isLocale(locale) ? locale : DEFAULT_LOCALE);

function translator(locale: Locale) {
  const i18n = i18nFor(locale);
  return { t: i18n.getFixedT(locale, "leads"), signature: i18n.getFixedT(locale, "mail")("signature") };
}

/** The newsletter's pages, absolute, in the sign-up's language. */
export function newsletterUrl(path: "confirm" | "unsubscribe", token: string, locale: Locale): string {
  return `${publicOrigin()}${localizePath(`/newsletter/${path}/${token}`, locale)}`;
}

/** To a new sign-up: the link that confirms it (double opt-in), and what to do if it was not them. */
export function newsletterConfirmMail(
  subscription: { email: string; locale: string },
  token: string,
): MailMessage {
  const locale = mailLocale(subscription.locale);
  const { t, signature } = translator(locale);
  return compose(subscription.email, locale, t("newsletter.mail.confirm.subject"), [
    t("newsletter.mail.confirm.body"),
    { link: newsletterUrl("confirm", token, locale), label: t("newsletter.mail.confirm.button") },
    t("newsletter.mail.confirm.ignore"),
    signature,
  ]);
}

/**
 * To a confirmed address: it is on the list, and how to leave it — a link to a one-button page, and RFC
 * 8058's one-click headers (a mail client's own button POSTs to the same page).
 */
export function newsletterWelcomeMail(
  subscription: { email: string; locale: string },
  token: string,
): MailMessage {
  const locale = mailLocale(subscription.locale);
  const { t, signature } = translator(locale);
  const unsubscribe = newsletterUrl("unsubscribe", token, locale);
  const message = compose(subscription.email, locale, t("newsletter.mail.welcome.subject"), [
    t("newsletter.mail.welcome.body"),
    { link: unsubscribe, label: t("newsletter.mail.welcome.unsubscribe") },
    signature,
  ]);
  return { ...message, headers: newsletterUnsubscribeHeaders(unsubscribe) };
}

/** RFC 8058: the headers every newsletter mail carries, so a mail client offers one-click unsubscribe. */
export function newsletterUnsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** To the person: we have it, and what happens next. */
export function acknowledgementMail(lead: { email: string; name: string; locale: string }): MailMessage {
  const locale = mailLocale(lead.locale);
  const { t, signature } = translator(locale);
  return compose(lead.email, locale, t("mail.ack.subject"), [
    t("mail.ack.greeting", { name: lead.name }),
    t("mail.ack.body"),
    t("mail.ack.next"),
    signature,
  ]);
}

/** To the team's address: who wrote, about what, and the lead's page. */
export function newLeadMail(
  to: string,
  lead: { id: number; name: string; email: string; source: string },
  message: string,
): MailMessage {
  const locale = DEFAULT_LOCALE;
  const { t, signature } = translator(locale);
  const link = `${publicOrigin()}${localizePath(`/dashboard/admin/leads/${lead.id}`, locale)}`;
  return compose(to, locale, t("mail.alert.subject", { name: lead.name }), [
    t("mail.alert.body", { name: lead.name, email: lead.email, source: t(`sources.${lead.source}`) }),
    message,
    { link, label: t("mail.alert.open") },
    signature,
  ]);
}

/** An admin's reply, in the person's language; the text is the admin's own. */
export function replyMail(
  lead: { email: string; name: string; locale: string },
  reply: { subject: string; body: string },
): MailMessage {
  const locale = mailLocale(lead.locale);
  const { t, signature } = translator(locale);
  return compose(lead.email, locale, reply.subject, [
    t("mail.reply.greeting", { name: lead.name }),
    reply.body,
    signature,
  ]);
}
