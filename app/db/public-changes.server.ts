// Changes to what anonymous visitors see, announced by the domain writes that make them and heard by every
// app server on the same database (docs/decisions/038-public-changes-over-notify.md).
//
// A write that changes a public list or page calls `announcePublicChange(db, topic)` inside its transaction:
// that sends PostgreSQL's `pg_notify`, which PostgreSQL delivers to every listening session when (and only if)
// the transaction commits, in order, to this process as to the others. The caches (app/lib/public-reads.server.ts,
// app/lib/response-cache.server.ts) subscribe with `onPublicChange` and forget what the topic covers.
//
// This module imports nothing from the app, so the database client, the caches and the domain modules can all
// depend on it without a cycle.
import { sql } from "drizzle-orm";
import { logger } from "../lib/logger.server";

/** What a change touched; each cache keeps its copies under these. */
export const PUBLIC_TOPICS = [
  /** Courses, their lessons, previews, reviews and ratings, trainers' names: the catalog and course pages. */
  "catalog",
  /** Blog posts and case studies, and their authors' names. */
  "editorial",
  /** Certificates, whose verification pages are public. */
  "certificates",
  /** The agency's site settings (brand, contact details, social links), read by every page's header and footer. */
  "site",
  /** The agency's pages made of blocks (issue 49): landing pages, and the built-in pages once they read them. */
  "pages",
] as const;
export type PublicTopic = (typeof PUBLIC_TOPICS)[number];

export const PUBLIC_CHANGES_CHANNEL = "manara_public_changes";

/** `null`: anything may have changed (the notification connection was lost and came back). */
export type PublicChangeListener = (topic: PublicTopic | null) => void;

/** Starts relaying the channel's notifications for one database handle; see `registerChangeFeed`. */
export type ChangeFeed = (deliver: (topic: PublicTopic | null) => void) => Promise<void>;

const listeners = new WeakMap<object, Set<PublicChangeListener>>();
const feeds = new WeakMap<object, { start: ChangeFeed; listening: Promise<void> | null }>();

const isPublicTopic = (value: string): value is PublicTopic =>
  (PUBLIC_TOPICS as readonly string[]).includes(value);

/** Tells every listener of `db` that `topic` changed. */
function deliver(db: object, topic: PublicTopic | null) {
  for (const listener of listeners.get(db) ?? []) {
    try {
      listener(topic);
    } catch (error) {
      // A cache that cannot forget is a bug to fix, not a reason to stop telling the others.
      logger("db").error({ err: error }, "A public-change listener failed");
    }
  }
}

/**
 * How the database client says where `db`'s notifications come from (app/db/listen.server.ts, PGlite
 * `listen`). Nothing listens until a cache subscribes, so handles that no cache reads (tests, scripts) open
 * no channel.
 */
export function registerChangeFeed(db: object, start: ChangeFeed): void {
  feeds.set(db, { start, listening: null });
}

/** Calls `listener` whenever a public change to `db` is committed (by any server) or reported locally. */
export function onPublicChange(db: object, listener: PublicChangeListener): () => void {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  const feed = feeds.get(db);
  if (feed && !feed.listening) {
    feed.listening = feed
      .start((topic) => deliver(db, topic))
      .catch((error: unknown) => {
        // The caches still expire on their own (PUBLIC_CACHE_SECONDS); try again with the next subscriber.
        feed.listening = null;
        logger("db").error({ err: error }, "Cannot listen for public changes");
      });
  }
  return () => set.delete(listener);
}

/** Resolves once `db`'s notifications are being listened to (at once when nothing subscribed yet). */
export async function publicChangesListening(db: object): Promise<void> {
  await feeds.get(db)?.listening;
}

/** Parses a notification's payload: a topic, or null for one this version does not know (forget everything). */
export function topicOf(payload: string): PublicTopic | null {
  return isPublicTopic(payload) ? payload : null;
}

/**
 * Announcements made by this process, per topic. A cache compares them with what it saw when it kept
 * something, so in this process a change is forgotten as soon as it is announced (before its commit, so a
 * read racing the commit may keep the old answer until the notification arrives a moment later, or the
 * request middleware forgets once more). The request middleware compares them before and after a request.
 */
const announced: Record<PublicTopic, number> = {
  catalog: 0,
  editorial: 0,
  certificates: 0,
  site: 0,
  pages: 0,
};

export function announcementCounts(): Readonly<Record<PublicTopic, number>> {
  return { ...announced };
}

/** How many announcements of `topic` this process has made. */
export function announcementsOf(topic: PublicTopic): number {
  return announced[topic];
}

/** How many announcements of any topic this process has made. */
export function allAnnouncements(): number {
  return PUBLIC_TOPICS.reduce((sum, topic) => sum + announced[topic], 0);
}

/** The topics announced by this process since `before` (from `announcementCounts()`). */
export function topicsAnnouncedSince(before: Readonly<Record<PublicTopic, number>>): PublicTopic[] {
  return PUBLIC_TOPICS.filter((topic) => announced[topic] !== before[topic]);
}

/**
 * Delivers `topic` to this process's listeners of `db` now, without waiting for the notification: the request
 * that made a change calls it once its answer is ready (its transaction committed), so the very next page
 * this server renders shows the change.
 */
export function forgetPublicCopies(db: object, topic: PublicTopic | null): void {
  deliver(db, topic);
}

/** Anything a transaction or a handle can run a statement with. */
type Executor = { execute: (query: ReturnType<typeof sql>) => PromiseLike<unknown> };

/**
 * Says that the write under way changed what anonymous visitors see under `topic`. Call it with the
 * transaction that makes the change: the notification goes out when it commits, and never if it rolls back.
 */
export async function announcePublicChange(db: Executor, topic: PublicTopic): Promise<void> {
  announced[topic] += 1;
  await db.execute(sql`select pg_notify(${PUBLIC_CHANGES_CHANNEL}, ${topic})`);
}
