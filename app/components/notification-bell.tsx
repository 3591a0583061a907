// The header's bell (issue 35): a link to /notifications with the unread count, for signed-in people only
// (the root loader reads the count with one indexed query; signed-out pages, the cached ones, have no
// bell). Read marks in flight lower the count at once; the loader's count takes over when they settle.
import { Link, useFetchers } from "react-router";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";

function useOptimisticUnread(serverCount: number): number {
  const fetchers = useFetchers();
  let count = serverCount;
  for (const fetcher of fetchers) {
    if (fetcher.state === "idle" || !fetcher.formData) continue;
    const intent = fetcher.formData.get("intent");
    if (intent === "readAll") return 0;
    if (intent === "read" && fetcher.formData.get("unread") === "1") count -= 1;
  }
  return Math.max(0, count);
}

export function NotificationBell({ unread: serverUnread }: { unread: number }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const unread = useOptimisticUnread(serverUnread);
  return (
    <Link
      to={localize("/notifications")}
      data-testid="notification-bell"
      aria-label={t("nav.notificationsWithCount", { count: unread })}
      className="relative inline-flex items-center rounded-md p-2 hover:bg-coral-700"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 ? (
        <span
          data-testid="notification-count"
          aria-hidden="true"
          className="absolute -end-1 -top-1 inline-flex min-w-5 items-center justify-center rounded-full bg-white px-1 text-xs font-bold text-coral-700"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
