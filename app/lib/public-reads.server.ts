// Lists that every visitor sees alike — the catalog, the home page's teasers, the blog and the portfolio —
// kept in memory for PUBLIC_CACHE_SECONDS (default 5), per database handle, so a page view that the server's
// anonymous response cache cannot answer (any signed-in visitor) does not query them again
// (docs/decisions/024-server-render-cost.md).
//
// Freshness, by construction rather than by call sites remembering to clear something:
//  - every write statement this process sends through the database handle empties its lists (the drizzle
//    logger sees each statement, app/db/client.server.ts), except writes to tables no public list reads
//    (sessions, a learner's progress, carts…): tests and scripts that write directly are covered too;
//  - a state-changing request empties them again when it is done, after its transaction committed, and a
//    read that began before that is not kept (a write elsewhere may have committed in between);
//  - reads during a state-changing request always go to the database, so a page rendered after an action
//    shows what the action did;
//  - writes by other processes (another server on the same PostgreSQL) show within the lifetime.
// What is kept is shared by every request: callers must not mutate it (map it into new objects instead).
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { PUBLIC_UNCHANGED_HEADER } from "../../server/response-cache.mjs";
import { readConfig } from "../config.server";
import { getDb } from "../middleware/database.server";

/** Most distinct lists kept per database (filters and pages multiply); the least recently used go first. */
const MAX_ENTRIES = 500;

type Entry = { value: unknown; expiresAt: number };
type Store = { generation: number; entries: Map<string, Entry>; pending: Map<string, Promise<unknown>> };

const stores = new WeakMap<object, Store>();

function storeOf(db: object): Store {
  let store = stores.get(db);
  if (!store) {
    store = { generation: 0, entries: new Map(), pending: new Map() };
    stores.set(db, store);
  }
  return store;
}

/** Forgets every list kept for `db`; reads already under way are not kept. */
export function publicContentChanged(db: object): void {
  const store = stores.get(db);
  if (!store) return;
  store.generation += 1;
  store.entries.clear();
  store.pending.clear();
}

/** Tables no public list reads, written often (every request of a signed-in visitor, every saved position). */
const PRIVATE_TABLES = new Set([
  "sessions",
  "password_reset_tokens",
  "rate_limits",
  "lesson_progress",
  "cart_items",
  "favorites",
  "wallet_ledger",
  "top_up_requests",
  "card_payments",
  "contact_messages",
  "media_uploads",
]);

const WRITE = /\b(?:insert|update|delete|truncate|merge)\b/i;
const SIMPLE_WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/i;

/**
 * Whether a statement may change what a public list shows: any statement that writes, unless it is a plain
 * write to one of PRIVATE_TABLES. A read that merely locks rows (`select … for update`) does not count.
 */
export function mayChangePublicContent(query: string): boolean {
  if (/^\s*select\b/i.test(query)) return false;
  if (!WRITE.test(query)) return false;
  const table = SIMPLE_WRITE.exec(query)?.[1]?.toLowerCase();
  return !(table && PRIVATE_TABLES.has(table));
}

const writingRequest = createContext<boolean>(false);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Root middleware: state-changing requests read around the cache and empty it once they are done. */
export const publicReadsMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return next();
  context.set(writingRequest, true);
  const response = await next();
  if (response.status < 400 && !response.headers.has(PUBLIC_UNCHANGED_HEADER))
    publicContentChanged(getDb(context));
  return response;
};

/**
 * `read()`'s answer for `parts` (the list's name and everything the answer depends on: locale, filters,
 * page), from memory when a fresh copy is kept, else read once for every request asking at the same time.
 */
export async function readPublic<T>(
  context: Readonly<RouterContextProvider>,
  parts: readonly unknown[],
  read: () => Promise<T>,
): Promise<T> {
  const ttlMs = readConfig().publicCacheSeconds * 1000;
  const key = JSON.stringify(parts);
  if (ttlMs <= 0 || context.get(writingRequest)) return read();
  const store = storeOf(getDb(context));
  const kept = store.entries.get(key);
  if (kept && kept.expiresAt > Date.now()) {
    // Most recently used goes last.
    store.entries.delete(key);
    store.entries.set(key, kept);
    return kept.value as T;
  }
  const running = store.pending.get(key);
  if (running) return running as Promise<T>;
  const generation = store.generation;
  const reading = read().then(
    (value) => {
      if (store.pending.get(key) === reading) store.pending.delete(key);
      if (store.generation === generation) {
        store.entries.delete(key);
        store.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
        for (const oldest of store.entries.keys()) {
          if (store.entries.size <= MAX_ENTRIES) break;
          store.entries.delete(oldest);
        }
      }
      return value;
    },
    (error: unknown) => {
      if (store.pending.get(key) === reading) store.pending.delete(key);
      throw error;
    },
  );
  store.pending.set(key, reading);
  return reading;
}
