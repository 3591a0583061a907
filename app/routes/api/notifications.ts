// GET /api/notifications?unread=1&limit&offset → {items, unread, total, limit, offset}: the caller's
// notifications, newest first (unread ones only with unread=1), in the Accept-Language locale.
import { requireApiUser } from "../../auth/guards.server";
import { readConfig } from "../../config.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { apiLocale, methodNotAllowed, readQuery } from "../../lib/api.server";
import { notificationJson } from "../../notifications/json";
import { listNotifications } from "../../notifications/notifications.server";
import { NotificationListQuery } from "../../notifications/policy";
import type { Route } from "./+types/notifications";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(request, context);
  const i18n = getI18n(context);
  const query = readQuery(request, NotificationListQuery, i18n, "notifications");
  if (query.error) return query.error;
  const { unread: unreadOnly, limit, offset } = query.data;
  const locale = apiLocale(request);
  const t = i18n.getFixedT(locale, "notifications");
  const list = await listNotifications(getDb(context), user.id, { unreadOnly, limit, offset });
  const currency = readConfig().currency;
  return Response.json(
    {
      items: list.items.map((item) => notificationJson(item, t, locale, currency)),
      unread: list.unread,
      total: list.total,
      limit,
      offset,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiUser(request, context);
  return methodNotAllowed(request, context, "GET");
}
