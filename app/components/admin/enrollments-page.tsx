// The admin's enrollments: search, and refunding one (within the window or with an override).
import { Form } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/admin-enrollments";
import { PageIntro } from "../page-intro";
import { Pagination } from "../pagination";

type LoaderData = Route.ComponentProps["loaderData"];

export function AdminEnrollments({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation("wallet");
  const { items, days } = loaderData;
  return (
    <>
      <PageIntro title={t("refunds.title")} lead={t("refunds.lead", { count: days })} />
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="enrollments-heading">
        <h2 id="enrollments-heading" className="sr-only">
          {t("refunds.title")}
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
          <div className="min-w-0 flex-1 basis-56">
            <label htmlFor="enrollments-q" className="block text-sm font-semibold">
              {t("refunds.search")}
            </label>
            <input
              id="enrollments-q"
              name="q"
              type="search"
              defaultValue={loaderData.q}
              className="mt-1 block w-full rounded-md border border-ink/20 px-3 py-2"
            />
          </div>
          <button
            type="submit"
            className="rounded-md bg-coral-600 px-5 py-2 font-semibold text-white hover:bg-coral-700"
          >
            {t("refunds.searchButton")}
          </button>
        </Form>
        {loaderData.total > 0 ? (
          <p className="mt-4 text-ink/80">{t("refunds.total", { count: loaderData.total })}</p>
        ) : null}
        {items.length === 0 ? (
          <p className="mt-6">{t("refunds.empty")}</p>
        ) : (
          <ul className="mt-6 space-y-4" data-testid="enrollment-list">
            {items.map((item) => (
              <li key={item.id} className="rounded-lg border border-ink/15 p-4" data-testid="enrollment-row">
                <p>
                  <strong>{item.userName}</strong>{" "}
                  <span className="text-sm text-ink/80" dir="ltr">
                    {item.userEmail}
                  </span>
                </p>
                <p className="mt-1">
                  {item.courseTitle} · <span dir="ltr">{item.paid}</span> · {t("refunds.enrolledAt")}:{" "}
                  {item.enrolledAt}
                </p>
                <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
                  <input type="hidden" name="id" value={item.id} />
                  <div className="min-w-0 flex-1 basis-56">
                    <label htmlFor={`refund-reason-${item.id}`} className="block text-sm font-semibold">
                      {t("refunds.reason")}
                    </label>
                    <input
                      id={`refund-reason-${item.id}`}
                      name="reason"
                      required
                      maxLength={200}
                      dir="auto"
                      className="mt-1 block w-full rounded-md border border-ink/20 px-3 py-2"
                    />
                  </div>
                  {item.withinWindow ? null : (
                    <label className="flex items-center gap-2 text-sm">
                      <input type="checkbox" name="override" className="size-4" />
                      {t("refunds.override", { count: days })}
                    </label>
                  )}
                  <button
                    type="submit"
                    aria-label={t("refunds.refundLabel", { course: item.courseTitle, name: item.userName })}
                    className="rounded-md border border-coral-700 px-5 py-2 font-semibold text-coral-700 hover:bg-coral-700/5"
                  >
                    {t("refunds.refund")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </section>
    </>
  );
}
