// The inbox's filters read from a page's address (issue 48): each filter that does not parse is dropped, so
// an odd link shows the list rather than an error (a GET page never refuses its query).
import { LeadListQuery } from "./policy";

const FILTERS = ["status", "source", "owner", "service", "q", "from", "to"] as const;

export function leadListFromUrl(url: URL, limit: number, offset: number): LeadListQuery {
  const query: Record<string, unknown> = {};
  for (const name of FILTERS) {
    const value = url.searchParams.get(name);
    if (!value) continue;
    const parsed = LeadListQuery.shape[name].safeParse(value);
    if (parsed.success && parsed.data !== undefined) query[name] = parsed.data;
  }
  return LeadListQuery.parse({ ...query, limit: String(limit), offset: String(offset) });
}
