// Read-side queries for the portfolio of case studies, shaped for one locale.
import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { portfolioItems } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";

export type CaseStudy = {
  id: number;
  title: string;
  clientName: string;
  sector: string | null;
  problem: string;
  strategy: string;
  result: string;
  images: string[];
};

type Row = typeof portfolioItems.$inferSelect;

function toCaseStudy(row: Row, locale: Locale): CaseStudy {
  return {
    id: row.id,
    title: pick(locale, row.title, row.titleAr),
    clientName: pick(locale, row.clientName, row.clientNameAr),
    sector: row.sector ? pick(locale, row.sector, row.sectorAr) : null,
    problem: pick(locale, row.problem, row.problemAr),
    strategy: pick(locale, row.strategy, row.strategyAr),
    result: pick(locale, row.result, row.resultAr),
    images: row.images,
  };
}

export async function listCaseStudies(
  db: Database,
  locale: Locale,
  { limit, offset, countTotal = true }: { limit: number; offset: number; countTotal?: boolean },
): Promise<{ items: CaseStudy[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(portfolioItems)
      .orderBy(desc(portfolioItems.createdAt), desc(portfolioItems.id))
      .limit(limit)
      .offset(offset),
    countTotal ? db.$count(portfolioItems) : Promise.resolve(0),
  ]);
  return { items: rows.map((row) => toCaseStudy(row, locale)), total };
}

export async function getCaseStudy(db: Database, locale: Locale, id: number): Promise<CaseStudy | null> {
  const [row] = await db.select().from(portfolioItems).where(eq(portfolioItems.id, id));
  return row ? toCaseStudy(row, locale) : null;
}
