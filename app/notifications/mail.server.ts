// The notification mails (issue 35): one per notification, or one digest per person, in the recipient's
// language, each with RFC 8058's one-click unsubscribe for its type (a digest's: for each type it holds,
// and the headers for its first).
import { getSessionSecret, publicOrigin, readConfig } from "../config.server";
import { i18nFor } from "../i18n/context.server";
import { isLocale, type Locale, localizePath } from "../i18n/languages";
import { pick } from "../lib/localized";
import type { MailMessage } from "../mail/mailer.server";
import { compose, type Paragraph } from "../mail/messages.server";
import { describeNotification, localizedNotificationPath } from "./describe";
import type { NotificationData, NotificationType } from "./types";
import { signUnsubscribeToken } from "./unsubscribe-token";

export type Recipient = {
  userId: string;
  email: string;
  name: string;
  nameAr: string | null;
  /** The language recorded for their mails, if any. */
  locale: string | null;
};

export type MailableNotification = { id: number; type: NotificationType; data: NotificationData };

export const mailLocaleOf = (recipient: Recipient): Locale =>
  isLocale(recipient.locale) ? recipient.locale : "en";

/** The absolute one-click unsubscribe link of `type` for this person, in their language. */
export function unsubscribeUrl(userId: string, type: NotificationType, locale: Locale): string {
  const token = signUnsubscribeToken(getSessionSecret(), userId, type);
  return `${publicOrigin()}${localizePath(`/unsubscribe/${token}`, locale)}`;
}

function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** One notification's own mail. */
export function notificationMail(recipient: Recipient, notification: MailableNotification): MailMessage {
  const locale = mailLocaleOf(recipient);
  const t = i18nFor(locale).getFixedT(locale, "notifications");
  const sentence = describeNotification(t, locale, readConfig().currency, notification);
  const link = `${publicOrigin()}${localizedNotificationPath(notification.data.path, locale)}`;
  const unsubscribe = unsubscribeUrl(recipient.userId, notification.type, locale);
  const message = compose(recipient.email, locale, sentence, [
    t("mail.greeting", { name: pick(locale, recipient.name, recipient.nameAr) }),
    sentence,
    { link, label: t("mail.open") },
    t("mail.why", { type: t(`types.${notification.type}`) }),
    { link: unsubscribe, label: t("mail.unsubscribe", { type: t(`types.${notification.type}`) }) },
    i18nFor(locale).getFixedT(locale, "mail")("signature"),
  ]);
  return { ...message, headers: unsubscribeHeaders(unsubscribe) };
}

/** A day's digest: every notification the person chose to get this way, oldest first. */
export function digestMail(recipient: Recipient, items: readonly MailableNotification[]): MailMessage {
  const locale = mailLocaleOf(recipient);
  const t = i18nFor(locale).getFixedT(locale, "notifications");
  const currency = readConfig().currency;
  const paragraphs: Paragraph[] = [
    t("mail.greeting", { name: pick(locale, recipient.name, recipient.nameAr) }),
    t("mail.digestIntro", { count: items.length }),
  ];
  for (const item of items)
    paragraphs.push({
      link: `${publicOrigin()}${localizedNotificationPath(item.data.path, locale)}`,
      label: describeNotification(t, locale, currency, item),
    });
  const types = [...new Set(items.map((item) => item.type))];
  for (const type of types)
    paragraphs.push({
      link: unsubscribeUrl(recipient.userId, type, locale),
      label: t("mail.unsubscribe", { type: t(`types.${type}`) }),
    });
  paragraphs.push(i18nFor(locale).getFixedT(locale, "mail")("signature"));
  const message = compose(
    recipient.email,
    locale,
    t("mail.digestSubject", { count: items.length }),
    paragraphs,
  );
  const first = types[0];
  return first
    ? { ...message, headers: unsubscribeHeaders(unsubscribeUrl(recipient.userId, first, locale)) }
    : message;
}
