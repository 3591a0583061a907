// The admin's transfer top-ups: pending requests to approve or reject, and the reviewed ones.
import { Form, Link } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/admin-top-ups";
import { Fact } from "../fact";
import { PageIntro } from "../page-intro";
import { Pagination } from "../pagination";

type LoaderData = Route.ComponentProps["loaderData"];

export function AdminTopUps({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation("wallet");
  const localize = useLocalizePath();
  const { items, status } = loaderData;
  return (
    <>
      <PageIntro title={t("admin.title")} lead={t("admin.lead")} />
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="top-ups-heading">
        <h2 id="top-ups-heading" className="sr-only">
          {t(`status.${status}`)}
        </h2>
        <nav aria-label={t("admin.filter")} className="flex flex-wrap gap-2">
          {loaderData.statuses.map((option) => (
            <Link
              key={option}
              to={localize(`/dashboard/admin/top-ups?status=${option}`)}
              aria-current={option === status ? "page" : undefined}
              className="rounded-full border border-ink/15 px-4 py-1.5 text-sm font-semibold aria-[current=page]:border-coral-700 aria-[current=page]:bg-coral-700 aria-[current=page]:text-white"
            >
              {t(`status.${option}`)}
            </Link>
          ))}
        </nav>
        {loaderData.total > 0 ? (
          <p className="mt-4 text-ink/80">{t("admin.total", { count: loaderData.total })}</p>
        ) : null}
        {items.length === 0 ? (
          <p className="mt-6">{t("admin.empty")}</p>
        ) : (
          <ul className="mt-6 space-y-4" data-testid="top-up-queue">
            {items.map((item) => (
              <li key={item.id} className="rounded-lg border border-ink/15 p-4" data-testid="top-up-row">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p>
                    <strong>{item.userName}</strong>{" "}
                    <span className="text-sm text-ink/80" dir="ltr">
                      {item.userEmail}
                    </span>
                  </p>
                  <p className="text-lg font-bold" dir="ltr">
                    {item.amount}
                  </p>
                </div>
                <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  <Fact label={t("admin.requestedAt")}>{item.requestedAt}</Fact>
                  <Fact label={t("admin.balance")} ltr>
                    {item.balance}
                  </Fact>
                  {item.reference ? (
                    <Fact label={t("admin.reference")}>
                      <bdi>{item.reference}</bdi>
                    </Fact>
                  ) : null}
                  {item.reviewedAt ? <Fact label={t("admin.reviewedAt")}>{item.reviewedAt}</Fact> : null}
                  {item.rejectReason ? (
                    <div>
                      <dd>{t("requests.rejectReason", { reason: item.rejectReason })}</dd>
                    </div>
                  ) : null}
                </dl>
                {status === "pending" ? (
                  <div className="mt-4 flex flex-wrap items-end gap-4">
                    <Form method="post">
                      <input type="hidden" name="intent" value="approve" />
                      <input type="hidden" name="id" value={item.id} />
                      <button
                        type="submit"
                        className="rounded-md bg-coral-600 px-5 py-2 font-semibold text-white hover:bg-coral-700"
                        aria-label={`${t("admin.approve")}: ${item.userName}, ${item.amount}`}
                      >
                        {t("admin.approve")}
                      </button>
                    </Form>
                    <Form method="post" className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
                      <input type="hidden" name="intent" value="reject" />
                      <input type="hidden" name="id" value={item.id} />
                      <div className="min-w-0 flex-1 basis-48">
                        <label htmlFor={`reject-reason-${item.id}`} className="block text-sm font-semibold">
                          {t("admin.rejectReason")}
                        </label>
                        <input
                          id={`reject-reason-${item.id}`}
                          name="reason"
                          maxLength={200}
                          dir="auto"
                          className="mt-1 block w-full rounded-md border border-ink/20 px-3 py-2"
                        />
                      </div>
                      <button
                        type="submit"
                        className="rounded-md border border-ink/30 px-5 py-2 font-semibold hover:bg-ink/5"
                        aria-label={`${t("admin.reject")}: ${item.userName}, ${item.amount}`}
                      >
                        {t("admin.reject")}
                      </button>
                    </Form>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </section>
    </>
  );
}
