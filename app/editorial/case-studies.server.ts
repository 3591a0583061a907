// Case studies (the portfolio) as a configuration of the editorial mechanism (./editorial.server.ts): admins
// only, each with a gallery (upload, reorder, remove, alt texts) instead of a cover; the functions the pages
// and the API call, named for case studies.
import type { Database } from "../db/client.server";
import { type EditorialStatus, type PortfolioItem, portfolioItems } from "../db/schema";
import type { MediaStore } from "../media/store.server";
import {
  createItem,
  deleteItem,
  type EditorialKind,
  type EditorialRefusal,
  type GalleryRequest,
  galleryAsRequest,
  galleryChange,
  getForEditor,
  getReadable,
  listForEditor,
  listReadable,
  publicNow,
  updateItem,
} from "./editorial.server";
import { MAX_GALLERY } from "./limits";
import { type Actor, canManageCaseStudies, canReadCaseStudy } from "./policy";

export type { GalleryRequest };

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

export const CASE_STUDIES: EditorialKind<PortfolioItem, CaseStudyInput> = {
  table: portfolioItems,
  slugPrefix: "case",
  textFields: ["title", "titleAr", "clientName", "clientNameAr", "sector", "sectorAr"],
  markdownFields: ["problem", "problemAr", "strategy", "strategyAr", "result", "resultAr"],
  mayWrite: canManageCaseStudies,
  editorAccess: (actor, item) => {
    if (!canManageCaseStudies(actor)) return "forbidden";
    return item ? "edit" : "not_found";
  },
  mayRead: canReadCaseStudy,
  readableWhere: (actor, now) => (canManageCaseStudies(actor) ? undefined : publicNow(portfolioItems, now)),
  editorWhere: () => undefined,
  media: (db, actor, change, current) => galleryChange(db, actor, change.images, current?.images ?? []),
  uploadsOf: (item) => item.images.map((image) => image.publicId),
};

function asItem(outcome: { ok: true; row: PortfolioItem } | EditorialRefusal): CaseStudyOutcome {
  return outcome.ok ? { ok: true, item: outcome.row } : outcome;
}

export function getReadableCaseStudy(db: Database, actor: Actor | null, id: number, now = new Date()) {
  return getReadable(CASE_STUDIES, db, actor, id, now);
}

/** For the editor: the item when the actor is an admin; otherwise why not. */
export async function getCaseStudyForEditor(
  db: Database,
  actor: Actor,
  id: number,
): Promise<{ ok: true; item: PortfolioItem } | EditorialRefusal> {
  const found = await getForEditor(CASE_STUDIES, db, actor, id);
  if (found.access === "edit") return { ok: true, item: found.row };
  return { ok: false, reason: found.access === "not_found" ? "not_found" : "forbidden" };
}

/** GET /api/portfolio and the public pages: public items, newest first; every item for an admin. */
export function listReadableCaseStudies(
  db: Database,
  actor: Actor | null,
  page: { limit: number; offset: number; countTotal?: boolean },
  now = new Date(),
) {
  return listReadable(CASE_STUDIES, db, actor, page, now);
}

/** The editor's list: every case study, last edited first. */
export function listCaseStudiesForEditor(
  db: Database,
  actor: Actor,
  page: { limit: number; offset: number },
) {
  return listForEditor(CASE_STUDIES, db, actor, page);
}

export async function createCaseStudy(db: Database, actor: Actor, input: CaseStudyInput, now = new Date()) {
  return asItem(await createItem(CASE_STUDIES, db, actor, input, now));
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
) {
  return asItem(await updateItem(CASE_STUDIES, db, store, actor, id, changes, now));
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
  const current = galleryAsRequest(found.item.images);
  if (current.length + publicIds.length > MAX_GALLERY) return { ok: false, reason: "gallery_full" };
  const added = publicIds.map((publicId) => ({ publicId }));
  return updateCaseStudy(db, store, actor, id, { images: [...current, ...added] }, now);
}

export function deleteCaseStudy(db: Database, store: MediaStore, actor: Actor, id: number) {
  return deleteItem(CASE_STUDIES, db, store, actor, id);
}
