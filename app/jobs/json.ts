// A job as the API answers it (GET /api/admin/jobs); its schema is in app/api-docs/endpoints/admin.ts.
import type { JobSummary } from "./admin.server";

export function jobJson(job: JobSummary) {
  return {
    id: job.id,
    name: job.name,
    state: job.state,
    retryCount: job.retryCount,
    retryLimit: job.retryLimit,
    createdOn: job.createdOn.toISOString(),
    startAfter: job.startAfter.toISOString(),
    startedOn: job.startedOn?.toISOString() ?? null,
    completedOn: job.completedOn?.toISOString() ?? null,
    error: job.error,
  };
}
