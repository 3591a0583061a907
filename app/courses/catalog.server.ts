// Read-side queries for the public catalog: published courses only, shaped for one locale.
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.server";
import type { User } from "../db/schema";
import { courses, lessons, users } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";
import { cleanSearchText } from "../lib/validation";
import { cardImageUrl } from "../media/urls";
import { averageRating } from "../reviews/policy";
import { COURSE_CATEGORIES, type CourseCategory } from "./categories";
import { translateTechTerms } from "./glossary";
import { containsPattern, foldSearchText } from "./search";
import { COURSE_SORTS, type CourseSort } from "./sorts";

export const DEFAULT_COURSE_IMAGE = "/images/course.jpg";

export type CourseCard = {
  id: number;
  title: string;
  description: string;
  category: CourseCategory;
  price: number;
  image: string;
  instructorName: string;
  lessonCount: number;
  /** Visible reviews, read from the course row's totals (never aggregated per list). */
  rating: { average: number; count: number };
};

export type CourseDetail = CourseCard & {
  /** The description rendered from Markdown and sanitized when it was saved (app/lib/markdown.server.ts). */
  descriptionHtml: string;
  isPublished: boolean;
  trainerId: string;
  lessons: { id: number; position: number; title: string; durationMinutes: number | null }[];
};

/** The catalog's filters, read leniently from a URL: anything invalid falls back to "no filter". */
export const CatalogFilters = z.object({
  q: z.string().trim().max(100).catch(""),
  category: z.enum(COURSE_CATEGORIES).optional().catch(undefined),
  sort: z.enum(COURSE_SORTS).catch("newest"),
});
export type CatalogFilters = z.infer<typeof CatalogFilters>;

export function readCatalogFilters(params: URLSearchParams): CatalogFilters {
  return CatalogFilters.parse({
    q: cleanSearchText(params.get("q")),
    category: params.get("category") || undefined,
    sort: params.get("sort") ?? "newest",
  });
}

const lessonCount = sql<number>`(select count(*)::int from ${lessons} where ${lessons.courseId} = ${courses.id})`;

function cardColumns() {
  return {
    id: courses.id,
    title: courses.title,
    titleAr: courses.titleAr,
    description: courses.description,
    descriptionAr: courses.descriptionAr,
    category: courses.category,
    price: courses.price,
    imageUrl: courses.imageUrl,
    instructorName: users.name,
    instructorNameAr: users.nameAr,
    lessonCount,
    ratingSum: courses.ratingSum,
    ratingCount: courses.ratingCount,
  };
}

type CardRow = {
  id: number;
  title: string;
  titleAr: string | null;
  description: string;
  descriptionAr: string | null;
  category: CourseCategory;
  price: number;
  imageUrl: string | null;
  instructorName: string;
  instructorNameAr: string | null;
  lessonCount: number;
  ratingSum: number;
  ratingCount: number;
};

function toCard(row: CardRow, locale: Locale): CourseCard {
  return {
    id: row.id,
    title: pick(locale, row.title, row.titleAr),
    description: pick(locale, row.description, row.descriptionAr),
    category: row.category,
    price: row.price,
    image: row.imageUrl || DEFAULT_COURSE_IMAGE,
    instructorName: pick(locale, row.instructorName, row.instructorNameAr),
    lessonCount: Number(row.lessonCount),
    rating: { average: averageRating(row.ratingSum, row.ratingCount), count: row.ratingCount },
  };
}

const ORDER: Record<CourseSort, SQL[]> = {
  newest: [desc(courses.createdAt), desc(courses.id)],
  "price-asc": [asc(courses.price), desc(courses.createdAt), desc(courses.id)],
  "price-desc": [desc(courses.price), desc(courses.createdAt), desc(courses.id)],
};

/** Published courses matching the filters, one page of them, and how many match in all. */
export async function listPublishedCourses(
  db: Database,
  locale: Locale,
  {
    limit,
    offset,
    q = "",
    category,
    sort = "newest",
    countTotal = true,
  }: {
    limit: number;
    offset: number;
    q?: string;
    category?: CourseCategory;
    sort?: CourseSort;
    /** Teasers (the home page) need no total: skip the second query. */
    countTotal?: boolean;
  },
): Promise<{ items: CourseCard[]; total: number }> {
  const folded = foldSearchText(q);
  const where = and(
    eq(courses.isPublished, true),
    category ? eq(courses.category, category) : undefined,
    // Served by the trigram index on search_text (migration 0003), in both languages.
    // Arabic-script technology names ("بايثون") also look for their Latin spelling ("python").
    folded ? searchCondition(folded) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select(cardColumns())
      .from(courses)
      .innerJoin(users, eq(users.id, courses.trainerId))
      .where(where)
      .orderBy(...ORDER[sort])
      .limit(limit)
      .offset(offset),
    countTotal ? db.$count(courses, where) : Promise.resolve(0),
  ]);
  return { items: rows.map((row) => toCard(row, locale)), total };
}

function searchCondition(folded: string): SQL | undefined {
  const translated = translateTechTerms(folded);
  const original = ilike(courses.searchText, containsPattern(folded));
  return translated ? or(original, ilike(courses.searchText, containsPattern(translated))) : original;
}

/** Published courses by id, as cards (order not guaranteed; callers order them). */
export async function listCourseCards(db: Database, locale: Locale, ids: number[]): Promise<CourseCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns())
    .from(courses)
    .innerJoin(users, eq(users.id, courses.trainerId))
    .where(and(inArray(courses.id, ids), eq(courses.isPublished, true)));
  return rows.map((row) => toCard(row, locale));
}

/** Drafts are visible to their own trainer and to admins; everyone else gets a 404. */
export function canSeeCourse(
  course: { isPublished: boolean; trainerId: string },
  viewer: User | null,
): boolean {
  return course.isPublished || viewer?.role === "admin" || viewer?.id === course.trainerId;
}

/** A course with its lesson outline (titles only: no video or PDF links), if `viewer` may see it. */
export async function getCourseForViewer(
  db: Database,
  locale: Locale,
  id: number,
  viewer: User | null,
): Promise<CourseDetail | null> {
  const [row] = await db
    .select({
      ...cardColumns(),
      descriptionHtml: courses.descriptionHtml,
      descriptionArHtml: courses.descriptionArHtml,
      isPublished: courses.isPublished,
      trainerId: courses.trainerId,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.trainerId))
    .where(eq(courses.id, id));
  if (!row || !canSeeCourse(row, viewer)) return null;
  const lessonRows = await db
    .select({
      id: lessons.id,
      position: lessons.position,
      title: lessons.title,
      titleAr: lessons.titleAr,
      durationMinutes: lessons.durationMinutes,
    })
    .from(lessons)
    .where(eq(lessons.courseId, id))
    .orderBy(asc(lessons.position));
  return {
    ...toCard(row, locale),
    // The Arabic HTML exists only when an Arabic description does, like the plain text it came from.
    descriptionHtml: pick(locale, row.descriptionHtml, row.descriptionArHtml),
    isPublished: row.isPublished,
    trainerId: row.trainerId,
    lessons: lessonRows.map((lesson) => ({
      id: lesson.id,
      position: lesson.position,
      title: pick(locale, lesson.title, lesson.titleAr),
      durationMinutes: lesson.durationMinutes,
    })),
  };
}

/** A card as the page shows it: the price already formatted for the page's locale and currency. */
export function courseCardView(card: CourseCard, formatPrice: (minorUnits: number) => string) {
  // Cards show the small variant of an uploaded cover (app/media/urls.ts); the course page, the large one.
  return {
    ...card,
    image: cardImageUrl(card.image),
    priceLabel: formatPrice(card.price),
    isFree: card.price === 0,
  };
}
