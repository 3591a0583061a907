// A notification as the API answers it (GET /api/notifications); its schema is in
// app/api-docs/endpoints/notifications.ts. `text` and `path` are in the caller's language.
import type { Locale } from "../i18n/languages";
import type { TFunction } from "../i18n/translator";
import { describeNotification, localizedNotificationPath } from "./describe";
import type { NotificationItem } from "./notifications.server";

export function notificationJson(item: NotificationItem, t: TFunction, locale: Locale, currency: string) {
  return {
    id: item.id,
    type: item.type,
    text: describeNotification(t, locale, currency, item),
    path: localizedNotificationPath(item.data.path, locale),
    data: item.data,
    createdAt: item.createdAt,
    readAt: item.readAt,
  };
}
