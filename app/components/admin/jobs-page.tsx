// The admin's job queue: filters by state and kind, a page of jobs, and Retry on a failed one.
import { Form, Link } from "react-router";
import { useLocalizePath } from "../../i18n/use-locale";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "../../routes/+types/admin-jobs";
import { Fact } from "../fact";
import { PageIntro } from "../page-intro";
import { Pagination } from "../pagination";

type LoaderData = Route.ComponentProps["loaderData"];

const chip =
  "rounded-full border border-ink/15 px-4 py-1.5 text-sm font-semibold aria-[current=page]:border-coral-700 aria-[current=page]:bg-coral-700 aria-[current=page]:text-white";

export function AdminJobs({ loaderData }: { loaderData: LoaderData }) {
  const { t } = useTranslation("admin");
  const localize = useLocalizePath();
  const { filter, items } = loaderData;
  const listUrl = (state: string | null, name: string | null) => {
    const query = new URLSearchParams();
    if (state) query.set("state", state);
    if (name) query.set("name", name);
    const search = query.toString();
    return localize(`/dashboard/admin/jobs${search ? `?${search}` : ""}`);
  };
  return (
    <>
      <PageIntro title={t("jobs.title")} lead={t("jobs.lead")} />
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="jobs-heading">
        <nav aria-label={t("jobs.filterState")} className="flex flex-wrap gap-2">
          <Link
            to={listUrl(null, filter.name)}
            aria-current={filter.state ? undefined : "page"}
            className={chip}
          >
            {t("jobs.all")}
          </Link>
          {loaderData.states.map((state) => (
            <Link
              key={state}
              to={listUrl(state, filter.name)}
              aria-current={state === filter.state ? "page" : undefined}
              className={chip}
            >
              {t(`jobs.state.${state}`)}
            </Link>
          ))}
        </nav>
        <nav aria-label={t("jobs.filterName")} className="mt-3 flex flex-wrap gap-2">
          <Link
            to={listUrl(filter.state, null)}
            aria-current={filter.name ? undefined : "page"}
            className={chip}
          >
            {t("jobs.all")}
          </Link>
          {loaderData.names.map((name) => (
            <Link
              key={name}
              to={listUrl(filter.state, name)}
              aria-current={name === filter.name ? "page" : undefined}
              className={chip}
            >
              {t(`jobs.name.${name}`)}
            </Link>
          ))}
        </nav>
        <h2 id="jobs-heading" className="mt-8 text-2xl font-bold">
          {t("jobs.heading", { count: loaderData.total })}
        </h2>
        {items.length === 0 ? (
          <p className="mt-6">{t("jobs.empty")}</p>
        ) : (
          <ul className="mt-6 space-y-4" data-testid="job-list">
            {items.map((job) => (
              <li
                key={job.id}
                className="rounded-lg border border-ink/15 p-4"
                data-testid="job-row"
                data-state={job.state}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p>
                    <strong>{t(`jobs.name.${job.name}`)}</strong>{" "}
                    <span className="inline-block text-sm text-ink/80" dir="ltr">
                      {job.id}
                    </span>
                  </p>
                  <p className="font-semibold">{t(`jobs.state.${job.state}`)}</p>
                </div>
                <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  <Fact label={t("jobs.createdOn")}>{job.createdOn}</Fact>
                  {job.startAfter ? <Fact label={t("jobs.startAfter")}>{job.startAfter}</Fact> : null}
                  {job.completedOn ? <Fact label={t("jobs.completedOn")}>{job.completedOn}</Fact> : null}
                  <Fact label={t("jobs.attemptsLabel")}>
                    {t("jobs.attempts", { count: job.attempts, limit: job.maxAttempts })}
                  </Fact>
                  {job.error ? (
                    <Fact label={t("jobs.error")} wide ltr>
                      {job.error}
                    </Fact>
                  ) : null}
                </dl>
                {job.state === "failed" ? (
                  <Form method="post" className="mt-4">
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="id" value={job.id} />
                    <button
                      type="submit"
                      className="rounded-md bg-coral-600 px-5 py-2 font-semibold text-white hover:bg-coral-700"
                      aria-label={t("jobs.retryLabel", { id: job.id })}
                    >
                      {t("jobs.retry")}
                    </button>
                  </Form>
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
