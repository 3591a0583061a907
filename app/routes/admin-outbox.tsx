// /dashboard/admin/outbox: the mail the embedded mailer "sent" (kept in the object storage under outbox/
// because no SMTP_URL is set), newest first, so a fresh install can still hand out a reset link. With SMTP the
// outbox is not written and the page says so.

import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { AdminOutbox } from "../components/admin/outbox-page";
import { directionOf, isLocale } from "../i18n/languages";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { hasControlCharacters } from "../lib/validation";
import { getMailer } from "../mail/context.server";
import { listOutbox } from "../mail/mailer.server";
import type { Route } from "./+types/admin-outbox";
export const handle = { i18n: ["admin"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const t = page.tIn("admin");
  const mailer = getMailer(context);
  const pageNumber = parsePage(url);
  // The recipient search: an address, bounded; anything else is no search.
  const toParam = (url.searchParams.get("to") ?? "").trim();
  const to = toParam.length <= 254 && !hasControlCharacters(toParam) ? toParam : "";
  const outbox =
    mailer.kind === "outbox"
      ? await listOutbox(mailer, {
          limit: PAGE_SIZE,
          offset: (pageNumber - 1) * PAGE_SIZE,
          to: to || undefined,
        })
      : { items: [], total: 0 };
  return {
    meta: page.listMeta(t("outbox.title"), t("outbox.metaDescription"), pageNumber),
    smtp: mailer.kind === "smtp",
    to,
    messages: outbox.items.map((message) => {
      const locale = isLocale(message.locale) ? message.locale : "en";
      return {
        id: message.id,
        to: message.to,
        subject: message.subject,
        sentAt: new Date(message.sentAt).toLocaleString(page.locale, {
          dateStyle: "long",
          timeStyle: "short",
        }),
        lang: locale,
        dir: directionOf(locale),
        text: message.text,
      };
    }),
    total: outbox.total,
    page: pageNumber,
    pageCount: Math.ceil(outbox.total / PAGE_SIZE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminOutboxRoute({ loaderData }: Route.ComponentProps) {
  return <AdminOutbox loaderData={loaderData} />;
}
