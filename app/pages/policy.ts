// The rules of the agency's pages that need no database (issue 49): which slugs are built in and cannot be
// deleted, what a landing page's slug may be, which content a visitor sees (a scheduled publish counts from
// its time, whether or not its job has run yet), and the editor's moves on the block list.
import type { Block, PageContent } from "./blocks";

/** Today's pages, always present: they can be edited and published, never deleted. */
export const BUILT_IN_SLUGS = [
  "home",
  "about_us",
  "services",
  "faq",
  "help",
  "safety",
  "privacy",
  "terms",
] as const;

export function isBuiltInSlug(slug: string): boolean {
  return (BUILT_IN_SLUGS as readonly string[]).includes(slug);
}

/** A landing page's slug: lower-case letters, digits and single hyphens, 2 to 60 characters. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){1,59}$/;

/** Whether `slug` could name a page (built in, or a landing page's own). */
export function isPageSlug(slug: string): boolean {
  return isBuiltInSlug(slug) || SLUG_PATTERN.test(slug);
}

export type PublicationState = {
  published: PageContent | null;
  publishedAt: Date | null;
  scheduled: PageContent | null;
  scheduledAt: Date | null;
};

/**
 * What visitors see at `now`: a scheduled content once its time has come (the job that makes it the published
 * one may still be on its way), else the published one; null while nothing was ever published.
 */
export function visibleContent(
  page: PublicationState,
  now: Date,
): { content: PageContent; publishedAt: Date } | null {
  if (page.scheduled && page.scheduledAt && page.scheduledAt.getTime() <= now.getTime())
    return { content: page.scheduled, publishedAt: page.scheduledAt };
  if (page.published && page.publishedAt) return { content: page.published, publishedAt: page.publishedAt };
  return null;
}

export type PageStatus = "draft" | "published" | "scheduled" | "changed";

/** The editor list's word for a page: never published, scheduled, live as saved, or live with unpublished changes. */
export function pageStatus(page: PublicationState & { draft: PageContent }, now: Date): PageStatus {
  if (page.scheduled && page.scheduledAt && page.scheduledAt.getTime() > now.getTime()) return "scheduled";
  const visible = visibleContent(page, now);
  if (!visible) return "draft";
  return JSON.stringify(visible.content) === JSON.stringify(page.draft) ? "published" : "changed";
}

export type BlockMove = "up" | "down" | "remove";

/** The block list after one editor move; a move past either end, or of a block that is not there, changes nothing. */
export function moveBlock(blocks: readonly Block[], index: number, move: BlockMove): Block[] {
  const next = [...blocks];
  if (!Number.isInteger(index) || index < 0 || index >= next.length) return next;
  if (move === "remove") {
    next.splice(index, 1);
    return next;
  }
  const target = move === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= next.length) return next;
  const [block] = next.splice(index, 1);
  if (block) next.splice(target, 0, block);
  return next;
}

/** A scheduled publish must be in the future, and within a year. */
export function isSchedulable(at: Date, now: Date): boolean {
  const ms = at.getTime() - now.getTime();
  return Number.isFinite(ms) && ms > 0 && ms <= 366 * 24 * 60 * 60 * 1000;
}
