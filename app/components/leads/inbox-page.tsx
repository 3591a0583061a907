// The leads inbox (issue 48): the status tabs with their counts, the filters as a plain GET form, the list.
import { Form, Link } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/admin-leads";
import { PageIntro } from "../page-intro";
import { Pagination } from "../pagination";

type LoaderData = Route.ComponentProps["loaderData"];

const fieldClass = "mt-1 block w-full rounded-md border border-ink/20 px-3 py-2";

export function AdminLeads({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation("leads");
  const localize = useLocalizePath();
  const { filters, items, counts } = loaderData;
  const withStatus = (status: string) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(filters))
      if (value && name !== "status") params.set(name, value);
    if (status) params.set("status", status);
    const query = params.toString();
    return localize(`/dashboard/admin/leads${query ? `?${query}` : ""}`);
  };
  const openTotal = loaderData.statuses
    .filter((status) => status !== "spam")
    .reduce((sum, status) => sum + counts[status], 0);
  return (
    <>
      <PageIntro title={t("inbox.title")} lead={t("inbox.lead")} />
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="leads-heading">
        <h2 id="leads-heading" className="sr-only">
          {filters.status ? t(`statuses.${filters.status}`) : t("inbox.allOpen")}
        </h2>
        <nav
          aria-label={t("inbox.statusFilter")}
          className="flex flex-wrap gap-2"
          data-testid="lead-status-tabs"
        >
          {["", ...loaderData.statuses].map((status) => (
            <Link
              key={status || "open"}
              to={withStatus(status)}
              aria-current={status === filters.status ? "page" : undefined}
              data-status={status || "open"}
              className="rounded-full border border-ink/15 px-4 py-1.5 text-sm font-semibold aria-[current=page]:border-coral-700 aria-[current=page]:bg-coral-700 aria-[current=page]:text-white"
            >
              {t("inbox.count", {
                status: status ? t(`statuses.${status}`) : t("inbox.allOpen"),
                count: status ? counts[status as keyof typeof counts] : openTotal,
              })}
            </Link>
          ))}
        </nav>
        <details
          className="mt-6 rounded-lg border border-ink/15 p-4"
          open={Boolean(
            filters.q || filters.source || filters.owner || filters.service || filters.from || filters.to,
          )}
        >
          <summary className="cursor-pointer font-semibold">{t("inbox.filters")}</summary>
          <Form method="get" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
            <div className="sm:col-span-2">
              <label htmlFor="leads-q" className="block text-sm font-semibold">
                {t("inbox.search")}
              </label>
              <input
                id="leads-q"
                name="q"
                type="search"
                defaultValue={filters.q}
                placeholder={t("inbox.searchHint")}
                maxLength={100}
                dir="auto"
                className={fieldClass}
              />
            </div>
            <div>
              <label htmlFor="leads-source" className="block text-sm font-semibold">
                {t("inbox.source")}
              </label>
              <select id="leads-source" name="source" defaultValue={filters.source} className={fieldClass}>
                <option value="">{t("inbox.any")}</option>
                {loaderData.sources.map((source) => (
                  <option key={source} value={source}>
                    {t(`sources.${source}`)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="leads-service" className="block text-sm font-semibold">
                {t("inbox.service")}
              </label>
              <select id="leads-service" name="service" defaultValue={filters.service} className={fieldClass}>
                <option value="">{t("inbox.any")}</option>
                {loaderData.services.map((service) => (
                  <option key={service.key} value={service.key}>
                    {service.title}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="leads-owner" className="block text-sm font-semibold">
                {t("inbox.owner")}
              </label>
              <select id="leads-owner" name="owner" defaultValue={filters.owner} className={fieldClass}>
                <option value="">{t("inbox.any")}</option>
                {loaderData.owners.map((owner) => (
                  <option key={owner.id} value={owner.id}>
                    {owner.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="leads-from" className="block text-sm font-semibold">
                {t("inbox.from")}
              </label>
              <input
                id="leads-from"
                name="from"
                type="date"
                defaultValue={filters.from}
                className={fieldClass}
              />
            </div>
            <div>
              <label htmlFor="leads-to" className="block text-sm font-semibold">
                {t("inbox.to")}
              </label>
              <input id="leads-to" name="to" type="date" defaultValue={filters.to} className={fieldClass} />
            </div>
            <div className="flex items-end">
              <button
                type="submit"
                className="rounded-md bg-coral-600 px-5 py-2 font-semibold text-white hover:bg-coral-700"
              >
                {t("inbox.apply")}
              </button>
            </div>
          </Form>
        </details>
        <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
          <p className="text-ink/80">{t("inbox.total", { count: loaderData.total })}</p>
          <Link
            to={localize("/dashboard/admin/leads/board")}
            className="ms-auto font-semibold text-coral-700 underline underline-offset-4"
            data-testid="leads-board-link"
          >
            {t("inbox.toBoard")}
          </Link>
          <a
            href={localize(`/dashboard/admin/leads.csv${loaderData.exportQuery}`)}
            download
            className="rounded-md border border-coral-700 px-4 py-2 font-semibold text-coral-700 hover:bg-coral-700/5"
            data-testid="leads-export"
          >
            {t("inbox.export")}
          </a>
        </div>
        {items.length === 0 ? (
          <p className="mt-6">{t("inbox.empty")}</p>
        ) : (
          <ul className="mt-6 space-y-3" data-testid="lead-list">
            {items.map((lead) => (
              <li
                key={lead.id}
                className="rounded-lg border border-ink/15 p-4"
                data-testid="lead-row"
                data-status={lead.status}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="min-w-0">
                    <Link
                      to={localize(`/dashboard/admin/leads/${lead.id}`)}
                      className="font-bold text-coral-700 underline underline-offset-4"
                    >
                      <bdi>{lead.name}</bdi>
                    </Link>{" "}
                    <span className="text-sm text-ink/80 break-all" dir="ltr">
                      {lead.email}
                    </span>
                    {lead.company ? (
                      <span className="text-sm text-ink/80">
                        {" · "}
                        <bdi>{lead.company}</bdi>
                      </span>
                    ) : null}
                  </p>
                  <span className="rounded-full bg-sand px-3 py-0.5 text-sm font-semibold">
                    {t(`statuses.${lead.status}`)}
                  </span>
                </div>
                <p className="mt-1 text-sm text-ink/80">
                  {t(`sources.${lead.source}`)}
                  {lead.serviceKey
                    ? ` · ${loaderData.services.find((service) => service.key === lead.serviceKey)?.title ?? lead.serviceKey}`
                    : ""}
                  {lead.campaign ? (
                    <>
                      {" · "}
                      <bdi dir="auto">{lead.campaign}</bdi>
                    </>
                  ) : null}
                  {" · "}
                  {t("inbox.lastMessage")}: {lead.lastMessage}
                  {lead.ownerName ? ` · ${t("inbox.owner")}: ${lead.ownerName}` : ""}
                  {lead.followUp ? ` · ${t("inbox.followUp")}: ${lead.followUp}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </section>
    </>
  );
}
