// GET /healthz for load balancers and orchestrators: 200 {"status":"ok"} when the database answers
// `select 1`, 503 {"status":"unavailable"} otherwise. Public, read-only, never cached. When the database
// cannot even be opened, the database middleware answers the same 503 (see middleware/database.server.ts).

import { getDb } from "../db/context";
import { databaseAnswers, healthResponse } from "../maintenance/health.server";
import type { Route } from "./+types/healthz";

export async function loader({ context }: Route.LoaderArgs) {
  return healthResponse(await databaseAnswers(getDb(context)));
}
