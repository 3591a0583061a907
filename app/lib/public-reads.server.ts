// Lists that every visitor sees alike — the catalog, the home page's teasers, the blog and the portfolio —
// kept in memory for PUBLIC_CACHE_SECONDS (default 5), per database handle, so a page view that the anonymous
// response cache cannot answer (any signed-in visitor) does not query them again
// (docs/decisions/024-server-render-cost.md).
//
// Freshness, from the writes themselves (docs/decisions/038-public-changes-over-notify.md):
//  - a domain write that changes a public list announces its topic in its transaction
//    (app/db/public-changes.server.ts); when it commits, every app server on the database forgets that topic's
//    lists, and a read that began before is not kept;
//  - the request that made the change forgets them again in this process once its answer is ready, so the
//    next page this server renders shows the change without waiting for the notification;
//  - reads during a state-changing request always go to the database, so a page rendered after an action
//    shows what the action did.
// What is kept is shared by every request: callers must not mutate it (map it into new objects instead).
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import {
  announcementCounts,
  announcementsOf,
  forgetPublicCopies,
  onPublicChange,
  type PublicTopic,
  topicsAnnouncedSince,
} from "../db/public-changes.server";

/** Most distinct lists kept per database and topic (filters and pages multiply); the least recently used go first. */
const MAX_ENTRIES = 500;

type Entry = { value: unknown; expiresAt: number };
type Store = {
  generation: number;
  /** This process's announcements of the topic when the store was last emptied (see `storeOf`). */
  announcements: number;
  entries: Map<string, Entry>;
  pending: Map<string, Promise<unknown>>;
};

const stores = new WeakMap<object, Map<PublicTopic, Store>>();

function forget(store: Store) {
  store.generation += 1;
  store.entries.clear();
  store.pending.clear();
}

function storeOf(db: object, topic: PublicTopic): Store {
  let topics = stores.get(db);
  if (!topics) {
    const created = new Map<PublicTopic, Store>();
    topics = created;
    stores.set(db, created);
    onPublicChange(db, (changed) => {
      for (const [kept, store] of created) if (changed === null || changed === kept) forget(store);
    });
  }
  let store = topics.get(topic);
  if (!store) {
    store = { generation: 0, announcements: announcementsOf(topic), entries: new Map(), pending: new Map() };
    topics.set(topic, store);
  }
  // A change announced by this process since: forget at once, without waiting for its notification.
  const announcements = announcementsOf(topic);
  if (store.announcements !== announcements) {
    store.announcements = announcements;
    forget(store);
  }
  return store;
}

const writingRequest = createContext<boolean>(false);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Root middleware: state-changing requests read around the cache, and when they announced a change, this
 * process forgets the topic's copies once the answer is ready (after the write committed).
 */
export const publicReadsMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return next();
  context.set(writingRequest, true);
  const before = announcementCounts();
  const response = await next();
  for (const topic of topicsAnnouncedSince(before)) forgetPublicCopies(getDb(context), topic);
  return response;
};

/**
 * `read()`'s answer for `parts` (the list's name and everything the answer depends on: locale, filters,
 * page), kept under `topic`: from memory when a fresh copy is kept, else read once for every request asking
 * at the same time.
 */
export async function readPublic<T>(
  context: Readonly<RouterContextProvider>,
  topic: PublicTopic,
  parts: readonly unknown[],
  read: () => Promise<T>,
): Promise<T> {
  const ttlMs = readConfig().publicCacheSeconds * 1000;
  if (ttlMs <= 0 || context.get(writingRequest)) return read();
  const key = JSON.stringify(parts);
  const store = storeOf(getDb(context), topic);
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
      // Kept only if nothing was forgotten or announced here while it was read.
      if (store.generation === generation && store.announcements === announcementsOf(topic)) {
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
