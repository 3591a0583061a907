// /notifications (and /ar/notifications): the signed-in person's notifications, newest first, paged by
// ?page=N, each linking to its page in the reader's language; "mark as read" and "mark all as read" are
// plain forms, enhanced into fetchers that mark at once and roll back (with a red toast) on failure.
import { Link, useFetcher } from "react-router";
import { z } from "zod";
import { requireUser } from "../auth/guards.server";
import { EnhancedFormMarker } from "../components/enhanced-form-marker";
import { PageIntro } from "../components/page-intro";
import { Pagination } from "../components/pagination";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { useTranslation } from "../i18n/use-translation";
import { fail, succeed } from "../lib/enhanced-action.server";
import { guardServerAction, skipRevalidationAfterFailedRequest } from "../lib/fetcher-failure";
import { readForm, validateForm } from "../lib/forms.server";
import { parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { describeNotification, localizedNotificationPath } from "../notifications/describe";
import { listNotifications, markRead } from "../notifications/notifications.server";
import { NOTIFICATION_PAGE_SIZE } from "../notifications/policy";
import type { Route } from "./+types/notifications";

export const handle = { i18n: ["notifications"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const pageNumber = parsePage(url);
  const list = await listNotifications(getDb(context), user.id, {
    limit: NOTIFICATION_PAGE_SIZE,
    offset: (pageNumber - 1) * NOTIFICATION_PAGE_SIZE,
  });
  const t = page.tIn("notifications");
  const currency = readConfig().currency;
  return {
    meta: page.listMeta(t("title"), t("meta"), pageNumber),
    unread: list.unread,
    items: list.items.map((item) => ({
      id: item.id,
      text: describeNotification(t, page.locale, currency, item),
      href: localizedNotificationPath(item.data.path, page.locale),
      date: page.date(item.createdAt),
      read: item.readAt !== null,
    })),
    page: pageNumber,
    pageCount: Math.ceil(list.total / NOTIFICATION_PAGE_SIZE),
  };
}

const NotificationAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.string().regex(/^[1-9]\d{0,15}$/) }),
  z.object({ intent: z.literal("readAll") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const page = pageContext(request, context);
  const t = page.tIn("notifications");
  const form = await readForm(request);
  const back = localizePath("/notifications", page.locale);
  const parsed = validateForm(form, NotificationAction, t);
  if (!parsed.ok) return fail(form, back, t("errors.nothingToMark"), 400);
  const marked = await markRead(
    getDb(context),
    user.id,
    parsed.data.intent === "readAll" ? { all: true } : { ids: [Number(parsed.data.id)] },
  );
  return succeed(form, back, t("marked", { count: marked }), { marked });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardServerAction(serverAction);
export const shouldRevalidate = skipRevalidationAfterFailedRequest;
export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

type Item = Route.ComponentProps["loaderData"]["items"][number];

/** A pending or confirmed read mark shows at once; a refused or failed one rolls back (the toast says why). */
function isMarking(fetcher: { state: string; formData?: FormData; data?: unknown }): boolean {
  if (fetcher.formData) return true;
  const data = fetcher.data as { ok?: boolean } | undefined;
  return data?.ok === true;
}

function NotificationRow({ item, allRead }: { item: Item; allRead: boolean }) {
  const { t } = useTranslation("notifications");
  const fetcher = useFetcher({ key: `notification-read-${item.id}` });
  const read = item.read || allRead || isMarking(fetcher);
  return (
    <li
      data-testid="notification-item"
      data-read={read ? "true" : "false"}
      className={`flex flex-wrap items-start gap-3 rounded-lg border p-4 ${read ? "border-ink/10 bg-white" : "border-coral-300 bg-coral-50"}`}
    >
      <div className="min-w-0 flex-1">
        {read ? null : (
          <span className="me-2 rounded-full bg-coral-600 px-2 py-0.5 text-xs font-bold text-white">
            {t("unreadBadge")}
          </span>
        )}
        <Link to={item.href} dir="auto" className="font-semibold text-ink underline-offset-2 hover:underline">
          {item.text}
        </Link>
        <p className="mt-1 text-sm text-ink/75">{item.date}</p>
      </div>
      {read ? null : (
        <fetcher.Form method="post">
          <EnhancedFormMarker />
          <input type="hidden" name="intent" value="read" />
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="unread" value="1" />
          <button
            type="submit"
            className="rounded-md border border-ink/15 px-3 py-1.5 text-sm font-semibold hover:bg-sand"
          >
            {t("markRead")}
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("notifications");
  const markAll = useFetcher({ key: "notifications-read-all" });
  const allRead = isMarking(markAll);
  const unread = allRead ? 0 : loaderData.unread;
  return (
    <>
      <PageIntro width="3xl" title={t("title")} lead={t("unreadCount", { count: unread })} />
      <div className="mx-auto max-w-3xl px-4 py-12">
        {unread > 0 ? (
          <markAll.Form method="post" className="mb-6">
            <EnhancedFormMarker />
            <input type="hidden" name="intent" value="readAll" />
            <button
              type="submit"
              className="rounded-md bg-coral-700 px-4 py-2 text-sm font-semibold text-white hover:bg-coral-800"
            >
              {t("markAllRead")}
            </button>
          </markAll.Form>
        ) : null}
        {loaderData.items.length === 0 ? (
          <p className="text-lg text-ink/75" data-testid="notifications-empty">
            {t("empty")}
          </p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="notification-list">
            {loaderData.items.map((item) => (
              <NotificationRow key={item.id} item={item} allRead={allRead} />
            ))}
          </ul>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </div>
    </>
  );
}
