// /dashboard/admin/jobs: the job queue, newest first, filtered by state and kind, with a Retry form for a
// failed job (app/jobs/admin.server.ts).

import { z } from "zod";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { AdminJobs } from "../components/admin/jobs-page";
import { getDb } from "../db/context";
import { getI18n } from "../i18n/context.server";
import { localizePath } from "../i18n/languages";
import { listJobs, retryFailedJob } from "../jobs/admin.server";
import { JOB_QUEUES, JOB_STATES } from "../jobs/policy";
import { parseForm } from "../lib/forms.server";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import type { Route } from "./+types/admin-jobs";
export const handle = { i18n: ["admin"] };

/** An unknown filter value is no filter: the page lists everything rather than refusing. */
function readFilter(url: URL) {
  const state = url.searchParams.get("state");
  const name = url.searchParams.get("name");
  return {
    state: JOB_STATES.find((known) => known === state),
    name: JOB_QUEUES.find((known) => known === name),
  };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const t = page.tIn("admin");
  const filter = readFilter(url);
  const pageNumber = parsePage(url);
  const { items, total } = await listJobs(getDb(context), {
    ...filter,
    limit: PAGE_SIZE,
    offset: (pageNumber - 1) * PAGE_SIZE,
  });
  const time = (value: Date) =>
    value.toLocaleString(page.locale, { dateStyle: "medium", timeStyle: "medium" });
  return {
    meta: page.listMeta(t("jobs.title"), t("jobs.metaDescription"), pageNumber),
    filter: { state: filter.state ?? null, name: filter.name ?? null },
    states: JOB_STATES,
    names: JOB_QUEUES,
    items: items.map((job) => ({
      id: job.id,
      name: job.name,
      state: job.state,
      attempts: job.retryCount + (job.startedOn ? 1 : 0),
      maxAttempts: job.retryLimit + 1,
      createdOn: time(job.createdOn),
      startAfter: job.startAfter > job.createdOn ? time(job.startAfter) : null,
      completedOn: job.completedOn ? time(job.completedOn) : null,
      error: job.state === "failed" || job.state === "retry" ? job.error : null,
    })),
    total,
    page: pageNumber,
    pageCount: Math.ceil(total / PAGE_SIZE),
  };
}

const RetryForm = z.object({
  intent: z.literal("retry"),
  id: z.uuid({ error: "jobs.notFound" }),
});

export async function action({ request, url, context }: Route.ActionArgs) {
  requireRole(request, context, isAdmin);
  const { locale } = pageContext(request, context);
  const t = getI18n(context).getFixedT(locale, "admin");
  // Back to the list as it was filtered.
  const back = `${localizePath("/dashboard/admin/jobs", locale)}${url.search}`;
  const parsed = await parseForm(request, RetryForm, t);
  if (!parsed.ok) return toasts().redirectWithError(back, t("jobs.notFound"));
  const outcome = await retryFailedJob(getDb(context), parsed.data.id);
  if (!outcome.ok)
    return toasts().redirectWithError(
      back,
      t(outcome.reason === "not_found" ? "jobs.notFound" : "jobs.notFailed"),
    );
  return toasts().redirectWithSuccess(back, t("jobs.retried"));
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminJobsRoute({ loaderData }: Route.ComponentProps) {
  return <AdminJobs loaderData={loaderData} />;
}
