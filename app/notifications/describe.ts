// How a notification reads, in the page's or the mail's language: one sentence per type and the link in
// that language. Shared by /notifications, the API's items and the mails. `t` is fixed to `notifications`.
import { type Locale, localizePath } from "../i18n/languages";
import type { TFunction } from "../i18n/translator";
import { pick } from "../lib/localized";
import { formatMoney } from "../lib/money";
import type { NotificationData, NotificationType } from "./types";

/** The notification's sentence. Titles and names are user content: the page shows the sentence dir="auto". */
export function describeNotification(
  t: TFunction,
  locale: Locale,
  currency: string,
  { type, data }: { type: NotificationType; data: NotificationData },
): string {
  const course = pick(locale, data.courseTitle ?? "", data.courseTitleAr);
  const title = type === "announcement" ? pick(locale, data.title ?? "", data.titleAr) : (data.title ?? "");
  const amount = formatMoney(data.amount ?? 0, locale, currency);
  const actor = data.actorName ?? "";
  if (type === "topup_decided")
    return t(data.approved ? "items.topup_approved" : "items.topup_rejected", { amount });
  return t(`items.${type}`, { course, title, amount, actor });
}

/** The notification's page in `locale`: its locale-less path with the locale prefix, the fragment kept. */
export function localizedNotificationPath(path: string, locale: Locale): string {
  const hash = path.indexOf("#");
  const bare = hash === -1 ? path : path.slice(0, hash);
  const fragment = hash === -1 ? "" : path.slice(hash);
  // Only a path on this site: anything else (never written by our domains) goes to the list.
  if (!bare.startsWith("/") || bare.startsWith("//")) return localizePath("/notifications", locale);
  return `${localizePath(bare, locale)}${fragment}`;
}
