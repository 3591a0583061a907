// The agency's pages in the database (issue 49, decision 073): create a landing page, save a draft (refused
// when it answers an older revision), publish now or at a set time, list and restore revisions, delete a
// landing page, and read what visitors see. Every write that changes what visitors see announces the `pages`
// public change in its transaction, so every server's caches forget it when it commits.
import { and, asc, desc, eq } from "drizzle-orm";
import type { Database, Queryable, Transaction } from "../db/client.server";
import { announcePublicChange } from "../db/public-changes.server";
import { type SitePageRow, sitePageRevisions, sitePages, users } from "../db/schema";
import { i18nFor } from "../i18n/context.server";
import { enqueueJob } from "../jobs/queue.server";
import { logger } from "../lib/logger.server";
import { Rollback, refusalOf } from "../lib/rollback";
import { isRowId } from "../lib/validation";
import { emptyContent, PageContent } from "./blocks";
import {
  BUILT_IN_SLUGS,
  isBuiltInSlug,
  isPageSlug,
  isSchedulable,
  type PageStatus,
  pageStatus,
  visibleContent,
} from "./policy";

export type PageRefusal = {
  reason: "not_found" | "stale_revision" | "built_in_page" | "slug_taken" | "invalid_time";
};
type Outcome<T> = ({ ok: true } & T) | ({ ok: false } & PageRefusal);

const refuse = (reason: PageRefusal["reason"]): never => {
  throw new Rollback<PageRefusal>({ reason });
};

/** A built-in page's title before anyone saved it: today's name of that page, in both languages. */
export function builtInTitle(slug: string): { title: string; titleAr: string } {
  return {
    title: i18nFor("en").getFixedT("en", "site")(`pages.builtIn.${slug}`),
    titleAr: i18nFor("ar").getFixedT("ar", "site")(`pages.builtIn.${slug}`),
  };
}

/** Stored content read back through the schema; a value that no longer parses is logged and shown empty. */
function readContent(value: unknown, slug: string): PageContent {
  const parsed = PageContent.safeParse(value);
  if (parsed.success) return parsed.data;
  logger("pages").error({ slug, issues: parsed.error.issues.length }, "Stored page content does not parse");
  const { title, titleAr } = isBuiltInSlug(slug) ? builtInTitle(slug) : { title: slug, titleAr: "" };
  return emptyContent(title, titleAr);
}
const readOptional = (value: unknown, slug: string) => (value == null ? null : readContent(value, slug));

export type EditorPage = {
  id: number | null;
  slug: string;
  builtIn: boolean;
  draft: PageContent;
  published: PageContent | null;
  publishedAt: Date | null;
  scheduled: PageContent | null;
  scheduledAt: Date | null;
  revision: number;
  updatedAt: Date | null;
  status: PageStatus;
};

function editorPage(row: SitePageRow, now: Date): EditorPage {
  const page = {
    id: row.id,
    slug: row.slug,
    builtIn: row.builtIn,
    draft: readContent(row.draft, row.slug),
    published: readOptional(row.published, row.slug),
    publishedAt: row.publishedAt,
    scheduled: readOptional(row.scheduled, row.slug),
    scheduledAt: row.scheduledAt,
    revision: row.revision,
    updatedAt: row.updatedAt,
  };
  return { ...page, status: pageStatus(page, now) };
}

/** A built-in page nobody saved yet: its title, no blocks, revision 0 (the first save makes it 1). */
function unsavedBuiltIn(slug: string): EditorPage {
  const { title, titleAr } = builtInTitle(slug);
  return {
    id: null,
    slug,
    builtIn: true,
    draft: emptyContent(title, titleAr),
    published: null,
    publishedAt: null,
    scheduled: null,
    scheduledAt: null,
    revision: 0,
    updatedAt: null,
    status: "draft",
  };
}

/** Every page for the editor's list: the built-in ones first (saved or not), then landing pages by slug. */
export async function listPages(db: Queryable, now = new Date()): Promise<EditorPage[]> {
  const rows = await db.select().from(sitePages).orderBy(asc(sitePages.slug));
  const bySlug = new Map(rows.map((row) => [row.slug, editorPage(row, now)]));
  const builtIn = BUILT_IN_SLUGS.map((slug) => bySlug.get(slug) ?? unsavedBuiltIn(slug));
  const landing = rows.filter((row) => !isBuiltInSlug(row.slug)).map((row) => editorPage(row, now));
  return [...builtIn, ...landing];
}

/** One page as its editor sees it (draft, published, revision), or null when there is no such page. */
export async function getPageForEditor(db: Queryable, slug: string, now = new Date()) {
  if (!isPageSlug(slug)) return null;
  const [row] = await db.select().from(sitePages).where(eq(sitePages.slug, slug));
  if (row) return editorPage(row, now);
  return isBuiltInSlug(slug) ? unsavedBuiltIn(slug) : null;
}

/** The page's row, locked for this transaction; a built-in page gets its row on first use. */
async function lockPage(tx: Transaction, slug: string): Promise<SitePageRow> {
  if (!isPageSlug(slug)) return refuse("not_found");
  if (isBuiltInSlug(slug)) {
    const { title, titleAr } = builtInTitle(slug);
    await tx
      .insert(sitePages)
      .values({ slug, builtIn: true, draft: emptyContent(title, titleAr), revision: 0 })
      .onConflictDoNothing({ target: sitePages.slug });
  }
  const [row] = await tx.select().from(sitePages).where(eq(sitePages.slug, slug)).for("update");
  return row ?? refuse("not_found");
}

async function writeRevision(
  tx: Transaction,
  page: SitePageRow,
  content: PageContent,
  actorId: string,
  kind: "create" | "save" | "restore",
) {
  const number = page.revision + 1;
  await tx.insert(sitePageRevisions).values({ pageId: page.id, number, content, authorId: actorId, kind });
  const [row] = await tx
    .update(sitePages)
    .set({ draft: content, revision: number, updatedAt: new Date() })
    .where(eq(sitePages.id, page.id))
    .returning();
  return row as SitePageRow;
}

/** Creates a landing page at `slug` with its title and no blocks (revision 1). */
export async function createLandingPage(
  db: Database,
  input: { slug: string; title: string; titleAr: string },
  actorId: string,
  now = new Date(),
): Promise<Outcome<{ page: EditorPage }>> {
  if (isBuiltInSlug(input.slug)) return { ok: false, reason: "slug_taken" };
  if (!isPageSlug(input.slug)) return { ok: false, reason: "not_found" };
  const content = PageContent.parse(emptyContent(input.title, input.titleAr));
  return db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(sitePages)
        .values({ slug: input.slug, draft: content, revision: 0 })
        .onConflictDoNothing({ target: sitePages.slug })
        .returning();
      if (!created) return refuse("slug_taken");
      const row = await writeRevision(tx, created, content, actorId, "create");
      return { ok: true as const, page: editorPage(row, now) };
    })
    .catch((error) => ({ ok: false as const, ...refusalOf<PageRefusal>(error) }));
}

/**
 * Saves `content` as the page's draft and a new revision, if `revision` is the page's latest: a save made
 * from an older copy (another admin saved meanwhile) is refused as `stale_revision`, and writes nothing.
 */
export async function savePageDraft(
  db: Database,
  slug: string,
  content: PageContent,
  revision: number,
  actorId: string,
  now = new Date(),
): Promise<Outcome<{ page: EditorPage }>> {
  const checked = PageContent.parse(content);
  return db
    .transaction(async (tx) => {
      const page = await lockPage(tx, slug);
      if (page.revision !== revision) return refuse("stale_revision");
      const row = await writeRevision(tx, page, checked, actorId, "save");
      return { ok: true as const, page: editorPage(row, now) };
    })
    .catch((error) => ({ ok: false as const, ...refusalOf<PageRefusal>(error) }));
}

/**
 * Makes the draft live: now, or at `at` (the draft as it is now, shown from then on; a job at that time tells
 * every server's caches and moves it into place). A later publish replaces an earlier schedule.
 */
export async function publishPage(
  db: Database,
  slug: string,
  at: Date | null,
  now = new Date(),
): Promise<Outcome<{ page: EditorPage }>> {
  if (at && !isSchedulable(at, now)) return { ok: false, reason: "invalid_time" };
  return db
    .transaction(async (tx) => {
      const page = await lockPage(tx, slug);
      const draft = readContent(page.draft, slug);
      const [row] = await tx
        .update(sitePages)
        .set(
          at
            ? { scheduled: draft, scheduledAt: at, updatedAt: now }
            : { published: draft, publishedAt: now, scheduled: null, scheduledAt: null, updatedAt: now },
        )
        .where(eq(sitePages.id, page.id))
        .returning();
      if (at) {
        await enqueueJob(
          db,
          tx,
          "page-publish",
          { pageId: page.id, at: at.toISOString() },
          { key: `${page.id}:${at.toISOString()}`, startAfter: at },
        );
      } else {
        await announcePublicChange(tx, "pages");
      }
      return { ok: true as const, page: editorPage(row as SitePageRow, now) };
    })
    .catch((error) => ({ ok: false as const, ...refusalOf<PageRefusal>(error) }));
}

/**
 * The page-publish job: when a scheduled content's time has come, it becomes the published one and every
 * server's caches forget the page. A job for a schedule since replaced, or already applied, changes nothing
 * but the caches' copies.
 */
export async function applyScheduledPublish(db: Database, pageId: number, now = new Date()): Promise<void> {
  if (!isRowId(pageId)) return;
  await db.transaction(async (tx) => {
    const [page] = await tx.select().from(sitePages).where(eq(sitePages.id, pageId)).for("update");
    if (page?.scheduled != null && page.scheduledAt && page.scheduledAt.getTime() <= now.getTime()) {
      await tx
        .update(sitePages)
        .set({ published: page.scheduled, publishedAt: page.scheduledAt, scheduled: null, scheduledAt: null })
        .where(eq(sitePages.id, pageId));
    }
    await announcePublicChange(tx, "pages");
  });
}

export type RevisionItem = {
  id: number;
  number: number;
  kind: string;
  createdAt: Date;
  author: { id: string; name: string } | null;
};

/** A page's revisions, newest first, with who saved each; null when there is no such page. */
export async function listRevisions(db: Queryable, slug: string): Promise<RevisionItem[] | null> {
  if (!isPageSlug(slug)) return null;
  const [page] = await db.select({ id: sitePages.id }).from(sitePages).where(eq(sitePages.slug, slug));
  if (!page) return isBuiltInSlug(slug) ? [] : null;
  const rows = await db
    .select({
      id: sitePageRevisions.id,
      number: sitePageRevisions.number,
      kind: sitePageRevisions.kind,
      createdAt: sitePageRevisions.createdAt,
      authorId: users.id,
      authorName: users.name,
    })
    .from(sitePageRevisions)
    .leftJoin(users, eq(users.id, sitePageRevisions.authorId))
    .where(eq(sitePageRevisions.pageId, page.id))
    .orderBy(desc(sitePageRevisions.number))
    .limit(200);
  return rows.map(({ authorId, authorName, ...row }) => ({
    ...row,
    author: authorId && authorName !== null ? { id: authorId, name: authorName } : null,
  }));
}

/** Makes revision `revisionId`'s content the page's draft again, as a new revision (nothing goes live). */
export async function restoreRevision(
  db: Database,
  slug: string,
  revisionId: number,
  actorId: string,
  now = new Date(),
): Promise<Outcome<{ page: EditorPage }>> {
  if (!isRowId(revisionId)) return { ok: false, reason: "not_found" };
  return db
    .transaction(async (tx) => {
      const page = await lockPage(tx, slug);
      const [revision] = await tx
        .select()
        .from(sitePageRevisions)
        .where(and(eq(sitePageRevisions.id, revisionId), eq(sitePageRevisions.pageId, page.id)));
      if (!revision) return refuse("not_found");
      const row = await writeRevision(tx, page, readContent(revision.content, slug), actorId, "restore");
      return { ok: true as const, page: editorPage(row, now) };
    })
    .catch((error) => ({ ok: false as const, ...refusalOf<PageRefusal>(error) }));
}

/** Deletes a landing page and its revisions; the built-in pages cannot be deleted. */
export async function deleteLandingPage(db: Database, slug: string): Promise<Outcome<object>> {
  if (isBuiltInSlug(slug)) return { ok: false, reason: "built_in_page" };
  if (!isPageSlug(slug)) return { ok: false, reason: "not_found" };
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(sitePages).where(eq(sitePages.slug, slug)).returning();
    if (!deleted) return { ok: false as const, reason: "not_found" as const };
    if (deleted.published || deleted.scheduled) await announcePublicChange(tx, "pages");
    return { ok: true as const };
  });
}

/** What visitors see of a row at `now`: its scheduled content once due, else its published one. */
function liveContent(row: SitePageRow, now: Date) {
  return visibleContent(
    {
      published: readOptional(row.published, row.slug),
      publishedAt: row.publishedAt,
      scheduled: readOptional(row.scheduled, row.slug),
      scheduledAt: row.scheduledAt,
    },
    now,
  );
}

export type PublishedPage = { slug: string; builtIn: boolean; content: PageContent; updatedAt: Date };

/** What visitors see of a page at `now` (never its draft), or null when nothing of it is live. */
export async function getPublishedPage(
  db: Queryable,
  slug: string,
  now = new Date(),
): Promise<PublishedPage | null> {
  if (!isPageSlug(slug)) return null;
  const [row] = await db.select().from(sitePages).where(eq(sitePages.slug, slug));
  const visible = row ? liveContent(row, now) : null;
  return row && visible
    ? { slug, builtIn: row.builtIn, content: visible.content, updatedAt: visible.publishedAt }
    : null;
}

/** The landing pages the sitemap lists: live now and not `noindex`. */
export async function listIndexableLandingPages(db: Queryable, now = new Date()) {
  const rows = await db.select().from(sitePages).where(eq(sitePages.builtIn, false));
  return rows.flatMap((row) => {
    const visible = liveContent(row, now);
    return visible && !visible.content.seo.noindex
      ? [{ slug: row.slug, updatedAt: visible.publishedAt }]
      : [];
  });
}
