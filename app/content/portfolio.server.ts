// Read-side queries for the portfolio of case studies, shaped for one locale: only public ones, except for
// admins, who may open any (to preview a draft).
import type { Database } from "../db/client.server";
import type { EditorialStatus, PortfolioItem } from "../db/schema";
import { getReadableCaseStudy, listReadableCaseStudies } from "../editorial/case-studies.server";
import { type Actor, canManageCaseStudies, effectiveStatus, isPublic } from "../editorial/policy";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";
import { shortenAtWord } from "../lib/shorten";

export type CaseStudyImage = { url: string; alt: string | null };

export type CaseStudy = {
  id: number;
  title: string;
  clientName: string;
  sector: string | null;
  /** Sanitized HTML, rendered from Markdown when saved. */
  problemHtml: string;
  strategyHtml: string;
  resultHtml: string;
  /** The result as plain text, for cards and descriptions. */
  summary: string;
  images: CaseStudyImage[];
};

export type CaseStudyPage = CaseStudy & { status: EditorialStatus; isPublic: boolean; canEdit: boolean };

/** The text of sanitized HTML (ours: tags and the three escaped characters), shortened at a word. */
export function textOfHtml(html: string, max = 220): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ")
    .trim();
  return shortenAtWord(text, max);
}

function toCaseStudy(row: PortfolioItem, locale: Locale): CaseStudy {
  const resultHtml = pick(locale, row.resultHtml, row.resultArHtml);
  return {
    id: row.id,
    title: pick(locale, row.title, row.titleAr),
    clientName: pick(locale, row.clientName, row.clientNameAr),
    sector: row.sector ? pick(locale, row.sector, row.sectorAr) : null,
    problemHtml: pick(locale, row.problemHtml, row.problemArHtml),
    strategyHtml: pick(locale, row.strategyHtml, row.strategyArHtml),
    resultHtml,
    summary: textOfHtml(resultHtml),
    images: row.images.map((image) => ({ url: image.url, alt: pick(locale, image.alt, image.altAr) })),
  };
}

export async function listCaseStudies(
  db: Database,
  locale: Locale,
  { limit, offset, countTotal = true }: { limit: number; offset: number; countTotal?: boolean },
): Promise<{ items: CaseStudy[]; total: number }> {
  const { items, total } = await listReadableCaseStudies(db, null, { limit, offset, countTotal });
  return { items: items.map((row) => toCaseStudy(row, locale)), total };
}

export async function getCaseStudy(
  db: Database,
  locale: Locale,
  id: number,
  viewer: Actor | null = null,
): Promise<CaseStudyPage | null> {
  const now = new Date();
  const row = await getReadableCaseStudy(db, viewer, id, now);
  if (!row) return null;
  return {
    ...toCaseStudy(row, locale),
    status: effectiveStatus(row, now),
    isPublic: isPublic(row, now),
    canEdit: canManageCaseStudies(viewer),
  };
}
