// Case studies (the portfolio): admins write, publish, schedule and delete them and keep their gallery
// (upload, reorder, remove, alt texts). Every function takes the db first and answers with an
// { ok: false, reason } union; only admins pass canManageCaseStudies.
import { desc, eq, type SQL } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.server";
import { announcePublicChange } from "../db/public-changes.server";
import { type EditorialStatus, type GalleryImage, type PortfolioItem, portfolioItems } from "../db/schema";
import { isRowId } from "../lib/validation";
import { releaseMedia } from "../media/media.server";
import type { MediaStore } from "../media/store.server";
import {
  attachableImage,
  type EditorialRefusal,
  htmlOf,
  htmlOfOptional,
  publicNow,
  Rollback,
  rollbackAnswer,
} from "./common.server";
import { MAX_GALLERY } from "./inputs";
import { type Actor, canManageCaseStudies, canReadCaseStudy, planPublication } from "./policy";

/** A gallery entry as asked for: an upload by id, or an image the item already shows, by its URL. */
export type GalleryRequest = ({ publicId: string } | { keepUrl: string }) & {
  alt?: string | null;
  altAr?: string | null;
};

export type CaseStudyInput = {
  title: string;
  titleAr?: string | null;
  clientName: string;
  clientNameAr?: string | null;
  sector?: string | null;
  sectorAr?: string | null;
  problem: string;
  problemAr?: string | null;
  strategy: string;
  strategyAr?: string | null;
  result: string;
  resultAr?: string | null;
  images?: GalleryRequest[];
  status: EditorialStatus;
  publishAt?: Date | null;
};

export type CaseStudyOutcome = { ok: true; item: PortfolioItem } | EditorialRefusal;

const denied = (): EditorialRefusal => ({ ok: false, reason: "forbidden" });

// ── Reading ────────────────────────────────────────────────────────────────────────────────────────────

async function loadCaseStudy(db: Queryable, id: number): Promise<PortfolioItem | null> {
  if (!isRowId(id)) return null;
  const [item] = await db.select().from(portfolioItems).where(eq(portfolioItems.id, id));
  return item ?? null;
}

export async function getReadableCaseStudy(
  db: Database,
  actor: Actor | null,
  id: number,
  now = new Date(),
): Promise<PortfolioItem | null> {
  const item = await loadCaseStudy(db, id);
  return item && canReadCaseStudy(actor, item, now) ? item : null;
}

/** For the editor: the item when the actor is an admin; otherwise why not. */
export async function getCaseStudyForEditor(
  db: Database,
  actor: Actor,
  id: number,
): Promise<{ ok: true; item: PortfolioItem } | EditorialRefusal> {
  if (!canManageCaseStudies(actor)) return denied();
  const item = await loadCaseStudy(db, id);
  return item ? { ok: true, item } : { ok: false, reason: "not_found" };
}

function readableBy(actor: Actor | null, now: Date): SQL | undefined {
  return canManageCaseStudies(actor) ? undefined : publicNow(portfolioItems, now);
}

/** GET /api/portfolio and the public pages: public items, newest first; every item for an admin. */
export async function listReadableCaseStudies(
  db: Database,
  actor: Actor | null,
  { limit, offset, countTotal = true }: { limit: number; offset: number; countTotal?: boolean },
  now = new Date(),
): Promise<{ items: PortfolioItem[]; total: number }> {
  const where = readableBy(actor, now);
  const [items, total] = await Promise.all([
    db
      .select()
      .from(portfolioItems)
      .where(where)
      .orderBy(desc(portfolioItems.publishedAt), desc(portfolioItems.createdAt), desc(portfolioItems.id))
      .limit(limit)
      .offset(offset),
    countTotal ? db.$count(portfolioItems, where) : Promise.resolve(0),
  ]);
  return { items, total };
}

/** The editor's list: every case study, last edited first. */
export async function listCaseStudiesForEditor(
  db: Database,
  actor: Actor,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ items: PortfolioItem[]; total: number }> {
  if (!canManageCaseStudies(actor)) return { items: [], total: 0 };
  const [items, total] = await Promise.all([
    db
      .select()
      .from(portfolioItems)
      .orderBy(desc(portfolioItems.updatedAt), desc(portfolioItems.id))
      .limit(limit)
      .offset(offset),
    db.$count(portfolioItems),
  ]);
  return { items, total };
}

// ── The gallery ────────────────────────────────────────────────────────────────────────────────────────

/**
 * The stored gallery for a requested one: uploads the actor may attach, or images the item already shows.
 * Returns the refusal for the first entry that is neither.
 */
async function resolveGallery(
  db: Queryable,
  actor: Actor,
  requested: GalleryRequest[],
  current: GalleryImage[],
): Promise<GalleryImage[] | EditorialRefusal> {
  if (requested.length > MAX_GALLERY) return { ok: false, reason: "gallery_full" };
  const gallery: GalleryImage[] = [];
  for (const [index, entry] of requested.entries()) {
    const alt = entry.alt ?? null;
    const altAr = entry.altAr ?? null;
    if ("keepUrl" in entry) {
      const kept = current.find((image) => image.url === entry.keepUrl);
      if (!kept) return { ok: false, reason: "media_not_found", field: `images.${index}` };
      gallery.push({ ...kept, alt, altAr });
      continue;
    }
    const kept = current.find((image) => image.publicId === entry.publicId);
    if (kept) {
      gallery.push({ ...kept, alt, altAr });
      continue;
    }
    const upload = await attachableImage(db, actor, entry.publicId);
    if (!upload) return { ok: false, reason: "media_not_found", field: `images.${index}` };
    gallery.push({ url: upload.url, publicId: upload.publicId, alt, altAr });
  }
  // One picture twice would make "remove" ambiguous.
  const keys = gallery.map((image) => image.publicId ?? image.url);
  if (new Set(keys).size !== keys.length) return { ok: false, reason: "media_not_found", field: "images" };
  return gallery;
}

function releasedBy(before: GalleryImage[], after: GalleryImage[]): string[] {
  const kept = new Set(after.map((image) => image.publicId));
  return before.map((image) => image.publicId).filter((id): id is string => Boolean(id) && !kept.has(id));
}

// ── Writing ────────────────────────────────────────────────────────────────────────────────────────────

const slugFor = () => `case-${crypto.randomUUID()}`;

function textColumns(input: Partial<CaseStudyInput>) {
  return {
    title: input.title,
    titleAr: input.titleAr,
    clientName: input.clientName,
    clientNameAr: input.clientNameAr,
    sector: input.sector,
    sectorAr: input.sectorAr,
    problem: input.problem,
    problemAr: input.problemAr,
    strategy: input.strategy,
    strategyAr: input.strategyAr,
    result: input.result,
    resultAr: input.resultAr,
    problemHtml: htmlOf(input.problem),
    problemArHtml: htmlOfOptional(input.problemAr),
    strategyHtml: htmlOf(input.strategy),
    strategyArHtml: htmlOfOptional(input.strategyAr),
    resultHtml: htmlOf(input.result),
    resultArHtml: htmlOfOptional(input.resultAr),
  };
}

export async function createCaseStudy(
  db: Database,
  actor: Actor,
  input: CaseStudyInput,
  now = new Date(),
): Promise<CaseStudyOutcome> {
  if (!canManageCaseStudies(actor)) return denied();
  const plan = planPublication(input, null, now);
  if (!plan.ok) return { ok: false, reason: plan.reason };
  const gallery = await resolveGallery(db, actor, input.images ?? [], []);
  if (!Array.isArray(gallery)) return gallery;
  const [item] = await db
    .insert(portfolioItems)
    .values({
      ...textColumns(input),
      title: input.title,
      clientName: input.clientName,
      problem: input.problem,
      strategy: input.strategy,
      result: input.result,
      slug: slugFor(),
      images: gallery,
      status: plan.status,
      publishedAt: plan.publishedAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!item) throw new Error("case study not inserted");
  await announcePublicChange(db, "editorial");
  return { ok: true, item };
}

/**
 * Changes a case study; fields left out stay. `images`, when given, is the whole gallery in order: entries
 * left out are removed (their uploads deleted once nothing uses them), alt texts are replaced.
 */
export async function updateCaseStudy(
  db: Database,
  store: MediaStore,
  actor: Actor,
  id: number,
  changes: Partial<CaseStudyInput>,
  now = new Date(),
): Promise<CaseStudyOutcome> {
  if (!canManageCaseStudies(actor)) return denied();
  if (!isRowId(id)) return { ok: false, reason: "not_found" };
  let released: string[] = [];
  const outcome = await db
    .transaction(async (tx): Promise<CaseStudyOutcome> => {
      const [current] = await tx.select().from(portfolioItems).where(eq(portfolioItems.id, id)).for("update");
      if (!current) throw new Rollback({ ok: false, reason: "not_found" });
      const wantsStatus = changes.status !== undefined || changes.publishAt !== undefined;
      const plan = wantsStatus
        ? planPublication(
            { status: changes.status ?? current.status, publishAt: changes.publishAt },
            current,
            now,
          )
        : null;
      if (plan && !plan.ok) throw new Rollback({ ok: false, reason: plan.reason });
      let images: GalleryImage[] | undefined;
      if (changes.images) {
        const gallery = await resolveGallery(tx, actor, changes.images, current.images);
        if (!Array.isArray(gallery)) throw new Rollback(gallery);
        images = gallery;
        released = releasedBy(current.images, gallery);
      }
      const [item] = await tx
        .update(portfolioItems)
        .set({
          ...textColumns(changes),
          ...(images ? { images } : {}),
          ...(plan?.ok ? { status: plan.status, publishedAt: plan.publishedAt } : {}),
          updatedAt: now,
        })
        .where(eq(portfolioItems.id, id))
        .returning();
      if (!item) throw new Error("case study vanished under its lock");
      await announcePublicChange(tx, "editorial");
      return { ok: true, item };
    })
    .catch(rollbackAnswer);
  if (outcome.ok) await releaseMedia(db, store, released);
  return outcome;
}

/** Appends uploads to the end of the gallery. */
export async function addGalleryImages(
  db: Database,
  store: MediaStore,
  actor: Actor,
  id: number,
  publicIds: string[],
  now = new Date(),
): Promise<CaseStudyOutcome> {
  const found = await getCaseStudyForEditor(db, actor, id);
  if (!found.ok) return found;
  const current = found.item.images.map(
    (image): GalleryRequest =>
      image.publicId
        ? { publicId: image.publicId, alt: image.alt, altAr: image.altAr }
        : { keepUrl: image.url, alt: image.alt, altAr: image.altAr },
  );
  if (current.length + publicIds.length > MAX_GALLERY) return { ok: false, reason: "gallery_full" };
  return updateCaseStudy(
    db,
    store,
    actor,
    id,
    { images: [...current, ...publicIds.map((publicId) => ({ publicId }))] },
    now,
  );
}

export async function deleteCaseStudy(
  db: Database,
  store: MediaStore,
  actor: Actor,
  id: number,
): Promise<{ ok: true } | EditorialRefusal> {
  const found = await getCaseStudyForEditor(db, actor, id);
  if (!found.ok) return found;
  await db.delete(portfolioItems).where(eq(portfolioItems.id, id));
  await announcePublicChange(db, "editorial");
  await releaseMedia(
    db,
    store,
    found.item.images.map((image) => image.publicId),
  );
  return { ok: true };
}
