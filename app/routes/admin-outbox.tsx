// /dashboard/admin/outbox: the mail the embedded mailer "sent" (written under DATA_DIR/outbox because no
// SMTP_URL is set), newest first, so a fresh install can still hand out a reset link. With SMTP the
// outbox is not written and the page says so.

import { Form } from "react-router";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { PageIntro } from "../components/page-intro";
import { Pagination } from "../components/pagination";
import { directionOf, isLocale } from "../i18n/languages";
import { useTranslation } from "../i18n/use-translation";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { hasControlCharacters } from "../lib/validation";
import { listOutbox } from "../mail/mailer.server";
import { getMailer } from "../middleware/mail.server";
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
      ? await listOutbox(mailer.dir, {
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

const URL_IN_TEXT = /(https?:\/\/[^\s<>"]+)/g;

/** The message's text with its web addresses as links (they are ours: reset and course links). */
function TextWithLinks({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_IN_TEXT).map((part, index) =>
        index % 2 === 1 ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move.
            key={index}
            href={part}
            rel="noreferrer noopener"
            className="break-all text-coral-700 underline"
            dir="ltr"
          >
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <>
      <PageIntro title={t("outbox.title")} lead={t("outbox.lead")} />
      <section className="mx-auto max-w-4xl px-4 py-12" aria-labelledby="outbox-heading">
        <h2 id="outbox-heading" className="text-2xl font-bold">
          {t("outbox.heading", { count: loaderData.total })}
        </h2>
        {loaderData.smtp ? null : (
          <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1 basis-64">
              <label htmlFor="outbox-to" className="block text-sm font-semibold">
                {t("outbox.search")}
              </label>
              <input
                id="outbox-to"
                name="to"
                type="email"
                dir="ltr"
                maxLength={254}
                defaultValue={loaderData.to}
                className="mt-1 block w-full rounded-md border border-ink/20 px-3 py-2"
              />
            </div>
            <button
              type="submit"
              className="rounded-md border border-ink/30 px-5 py-2 font-semibold hover:bg-ink/5"
            >
              {t("outbox.searchButton")}
            </button>
          </Form>
        )}
        {loaderData.smtp ? (
          <p className="mt-4">{t("outbox.smtp")}</p>
        ) : loaderData.messages.length === 0 ? (
          <p className="mt-4">{t("outbox.empty")}</p>
        ) : (
          <ul className="mt-6 space-y-4" data-testid="outbox">
            {loaderData.messages.map((message) => (
              <li
                key={message.id}
                className="rounded-lg border border-ink/15 p-4"
                data-testid="outbox-message"
              >
                <p className="font-semibold" lang={message.lang} dir={message.dir}>
                  {message.subject}
                </p>
                <p className="mt-1 text-sm text-ink/80">
                  {t("outbox.to")}: <span dir="ltr">{message.to}</span> · {message.sentAt}
                </p>
                <details className="mt-3">
                  <summary className="cursor-pointer font-semibold text-coral-700">
                    {t("outbox.show")}
                  </summary>
                  <div
                    className="mt-3 whitespace-pre-wrap rounded-md bg-sand p-4"
                    lang={message.lang}
                    dir={message.dir}
                    data-testid="outbox-text"
                  >
                    <TextWithLinks text={message.text} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </section>
    </>
  );
}
