// The admin's mail outbox: what the embedded mailer would have sent, with its links.
import { Form } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/admin-outbox";
import { PageIntro } from "../page-intro";
import { Pagination } from "../pagination";

type LoaderData = Route.ComponentProps["loaderData"];

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

export function AdminOutbox({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation("admin");
  return (
    <>
      <PageIntro width="4xl" title={t("outbox.title")} lead={t("outbox.lead")} />
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
