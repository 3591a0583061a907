// The paging query of the API's lists (SPEC §9: 10 per page from 0): GET /api/blog, /api/portfolio, the
// ledger, the top-up queue and the jobs. One schema, so every list pages the same way.
import { z } from "zod";
import { queryInteger } from "./validation";

export const ListQuery = z.object({
  limit: queryInteger(1, 50, "errors.invalid").default(10),
  offset: queryInteger(0, 1_000_000, "errors.invalid").default(0),
});
export type ListQuery = z.infer<typeof ListQuery>;
