// Parsing of URL parameters shared by pages and the API.
import { isRowId } from "./validation";

/** A positive integer id from a URL segment, or null (the caller answers 404). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return isRowId(id) ? id : null;
}

/** `?page=N` as a 1-based page number; anything invalid is page 1. */
export function parsePage(url: URL): number {
  const page = Number(url.searchParams.get("page"));
  return Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1;
}

export const PAGE_SIZE = 10;
