// Read-side queries for the public catalog: published courses only, shaped for one locale.
import { and, asc, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Database, Queryable } from "../db/client.server";
import type { User } from "../db/schema";
import { catalogCounts, courseSearch, courses, lessons, users } from "../db/schema";
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

/** The listing's order over any relation that has the three columns (courses, or a search's matches). */
function orderBy(sort: CourseSort, columns: { createdAt: AnyPgColumn; id: AnyPgColumn; price: AnyPgColumn }) {
  const newest = [desc(columns.createdAt), desc(columns.id)];
  if (sort === "price-asc") return [asc(columns.price), ...newest];
  if (sort === "price-desc") return [desc(columns.price), ...newest];
  return newest;
}

type ListOptions = {
  limit: number;
  offset: number;
  q?: string;
  category?: CourseCategory;
  sort?: CourseSort;
  /** Teasers (the home page) need no total: skip the second query. */
  countTotal?: boolean;
};

/** Published courses matching the filters, one page of them, and how many match in all. */
export async function listPublishedCourses(
  db: Database,
  locale: Locale,
  { limit, offset, q = "", category, sort = "newest", countTotal = true }: ListOptions,
): Promise<{ items: CourseCard[]; total: number }> {
  const folded = foldSearchText(q);
  if (folded) return searchPublishedCourses(db, locale, folded, { limit, offset, category, sort });
  // A page is a walk of the partial index in this exact order (migration 0008) that stops after the page.
  const [rows, total] = await Promise.all([
    db
      .select(cardColumns())
      .from(courses)
      .innerJoin(users, eq(users.id, courses.trainerId))
      .where(and(eq(courses.isPublished, true), category ? eq(courses.category, category) : undefined))
      .orderBy(...orderBy(sort, courses))
      .limit(limit)
      .offset(offset),
    countTotal ? countPublishedCourses(db, category) : Promise.resolve(0),
  ]);
  return { items: rows.map((row) => toCard(row, locale)), total };
}

/** Exact, from the per-category counts the triggers on courses keep (migration 0013), not a count of rows. */
async function countPublishedCourses(db: Database, category: CourseCategory | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${catalogCounts.published}), 0)::int` })
    .from(catalogCounts)
    .where(category ? eq(catalogCounts.category, category) : undefined);
  return Number(row?.total ?? 0);
}

/**
 * A search, in one statement (a short term's after READ_SHORT_GRAMS_BY_INDEX): the matches are found through a
 * GIN index on course_search (published courses only, in the few columns a search needs), counted and top-N
 * sorted, and only the page's rows are joined to courses. Its cost is bounded by the number of matches.
 * (Searching courses directly, the planner walked the listing's index and filtered: fast when matches are many
 * and recent, but a read of every published course when a search with a category matched few or none;
 * decision 025.)
 */
async function searchPublishedCourses(
  db: Database,
  locale: Locale,
  folded: string,
  {
    limit,
    offset,
    category,
    sort,
  }: { limit: number; offset: number; category?: CourseCategory; sort: CourseSort },
): Promise<{ items: CourseCard[]; total: number }> {
  const search = searchCondition(folded);
  const where = and(category ? inCategory(category, search.shortGrams) : undefined, search.condition);
  const page = { locale, where, limit, offset, sort };
  if (!search.shortGrams) return searchPage(db, page);
  return db.transaction(async (tx) => {
    await tx.execute(READ_SHORT_GRAMS_BY_INDEX);
    return searchPage(tx, page);
  });
}

/** One page of a search's matches, with their total, in one statement (two past the last match). */
async function searchPage(
  queryable: Queryable,
  {
    locale,
    where,
    limit,
    offset,
    sort,
  }: { locale: Locale; where: SQL | undefined; limit: number; offset: number; sort: CourseSort },
): Promise<{ items: CourseCard[]; total: number }> {
  const page = queryable
    .select({
      id: courseSearch.courseId,
      createdAt: courseSearch.createdAt,
      price: courseSearch.price,
      // Every match is read before the sort anyway; the window counts them on the way.
      total: sql<number>`(count(*) over ())::int`.as("total"),
    })
    .from(courseSearch)
    .where(where)
    .orderBy(
      ...orderBy(sort, {
        createdAt: courseSearch.createdAt,
        id: courseSearch.courseId,
        price: courseSearch.price,
      }),
    )
    .limit(limit)
    .offset(offset)
    .as("page");
  const rows = await queryable
    .select({ ...cardColumns(), total: page.total })
    .from(page)
    .innerJoin(courses, eq(courses.id, page.id))
    .innerJoin(users, eq(users.id, courses.trainerId))
    // course_search holds published courses only; checked again on the page's rows all the same.
    .where(eq(courses.isPublished, true))
    .orderBy(...orderBy(sort, page));
  // A page past the last match has no row to carry the total.
  const total = rows[0]?.total ?? (offset > 0 ? await queryable.$count(courseSearch, where) : 0);
  return { items: rows.map((row) => toCard(row, locale)), total: Number(total) };
}

/**
 * For a search term shorter than a trigram, in its own transaction: the planner may reach course_search only
 * through a bitmap of the short-substring index (search_short_grams, migration 0014). That index holds each
 * text's one- and two-character substrings exactly, so the bitmap heap scan never calls the function; but the
 * function costs some 20-40 µs a row, and the planner charges it as if it were rechecked. Left to itself, for a
 * term in nearly every row ("a", "co", "ال") it reads the table and calls it on every row (seconds at 100,000
 * courses), and with a category it filters the category's rows with it; hence no sequential or plain index
 * scan here, and the category compared as text (decision 034). jit is off because that same estimate can lift
 * a broad search past jit_above_cost.
 */
const READ_SHORT_GRAMS_BY_INDEX = sql`select set_config('enable_seqscan', 'off', true),
  set_config('enable_indexscan', 'off', true), set_config('jit', 'off', true)`;

/**
 * Case-insensitive substring match in both languages; Arabic-script technology names ("بايثون") also look for
 * their Latin spelling ("python"). A lone term shorter than a trigram is looked up among the text's one- and
 * two-character substrings (`shortGrams`: run it after READ_SHORT_GRAMS_BY_INDEX). A short term beside a longer
 * one (only "جي اس" → "js" in the glossary) keeps the strpos scan: the trigram index is lossy, and its recheck
 * of the whole OR would call search_short_grams on every candidate.
 */
function searchCondition(folded: string): { condition: SQL | undefined; shortGrams: boolean } {
  const translated = translateTechTerms(folded);
  if (translated) return { condition: or(contains(folded), contains(translated)), shortGrams: false };
  if (isShorterThanTrigram(folded)) return { condition: containsShort(folded), shortGrams: true };
  return { condition: contains(folded), shortGrams: false };
}

/**
 * Beside a short-substring lookup the category is compared as text, which no index covers, so the planner cannot
 * trade that index for the category's and call search_short_grams on every course of the category.
 */
function inCategory(category: CourseCategory, shortGrams: boolean): SQL {
  return shortGrams ? sql`${courseSearch.category}::text = ${category}` : eq(courseSearch.category, category);
}

const isShorterThanTrigram = (term: string) => [...term].length < 3;

/** One of the text's one- and two-character substrings, from course_search_short_grams_idx (migration 0014). */
function containsShort(term: string): SQL {
  return sql`search_short_grams(${courseSearch.searchText}) @> array[lower(${term})]`;
}

/**
 * ILIKE would lower-case both sides with PostgreSQL's lower(); search_text is already lower()'d when it is
 * written, so LIKE against lower(pattern) matches exactly the same rows without lower-casing every candidate's
 * text again (about half of a broad search's time at 100,000 courses). A term shorter than a trigram gives the
 * trigram index nothing to narrow with: it would hand back every row to recheck, and a prepared statement's
 * generic plan does just that (about 5 times slower than reading the table at 100,000 courses). Such a term
 * beside a longer one is the same substring test written as strpos, in a statement whose plan is a scan of
 * course_search.
 */
function contains(text: string): SQL {
  if (isShorterThanTrigram(text)) return sql`strpos(${courseSearch.searchText}, lower(${text})) > 0`;
  return sql`${courseSearch.searchText} like lower(${containsPattern(text)})`;
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
