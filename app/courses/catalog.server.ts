// Read-side queries for the public catalog: published courses only, shaped for one locale.
import { and, asc, type Column, desc, eq, inArray, or, type SQL, type Subquery, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { maySeeCourse } from "../access/policy";
import type { Database, Queryable } from "../db/client.server";
import type { LessonKind, User } from "../db/schema";
import {
  catalogCounts,
  courseSearch,
  courseSections,
  courses,
  enrollments,
  lessons,
  users,
} from "../db/schema";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";
import { cleanSearchText } from "../lib/validation";
import { cardImageUrl } from "../media/urls";
import { averageRating } from "../reviews/policy";
import { COURSE_CATEGORIES, type CourseCategory } from "./categories";
import { type CourseLanguage, isCourseLanguage } from "./course-languages";
import { translateTechTerms } from "./glossary";
import { containsPattern, foldSearchText, walkBudget } from "./search";
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
  /** What it teaches, asks first and is for, in the page's language (Arabic falls back to English). */
  outcomes: string[];
  requirements: string[];
  audience: string[];
  /** The languages it is taught in. */
  languages: CourseLanguage[];
  /** The last change to the course's own fields (its landing, publishing, curriculum saves). */
  updatedAt: Date;
  /** Who holds the course now (refunded enrollments are gone). */
  learnerCount: number;
  /** Who teaches it, for the course page's link to their profile (/instructors/:id). */
  instructor: { id: string; name: string; bio: string | null; avatarUrl: string | null };
  /** In order (issue 32); each one's lessons are a contiguous run of `lessons`. */
  sections: { id: number; position: number; title: string }[];
  lessons: {
    id: number;
    sectionId: number;
    position: number;
    kind: LessonKind;
    title: string;
    durationMinutes: number | null;
    /** Open to everyone, guests included (app/access/policy.ts), on the course and learn pages and the API. */
    isFreePreview: boolean;
  }[];
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
function orderBy(sort: CourseSort, columns: { createdAt: Column; id: Column; price: Column }) {
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
 * A search, in one transaction (decision 036). First a walk of course_search in the page's order, testing each row,
 * for at most `walkBudget` rows: a term in many courses finds its page in the first few hundred, and only then
 * are its matches counted, through course_search's GIN indexes. A term in few courses (or in courses far along
 * the order) leaves the walk short, and its matches are collected through the index instead, counted on the way
 * to a top-N sort. Only the page's rows are joined to courses. Each statement runs after settings that keep the
 * planner to that route (`planSettings`).
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
  const found = and(category ? inCategory(category, search.shortGrams) : undefined, search.found);
  const toPage = (rows: CardRow[], total: number) => ({
    items: rows.map((row) => toCard(row, locale)),
    total,
  });
  return db.transaction(async (tx) => {
    const budget = walkBudget({ offset, limit });
    if (budget > 0) {
      await tx.execute(planSettings("walk"));
      const walked = await walkedPage(tx, { search, category, sort, limit, offset, budget });
      if (walked.length === limit) {
        await tx.execute(planSettings(search.shortGrams ? "index" : "any"));
        return toPage(walked, await tx.$count(courseSearch, found));
      }
    }
    await tx.execute(planSettings("index"));
    const collected = await collectedPage(tx, { where: found, sort, limit, offset });
    // A page past the last match has no row to carry the total.
    const total = collected[0]?.total ?? (offset > 0 ? await tx.$count(courseSearch, found) : 0);
    return toPage(collected, Number(total));
  });
}

type PageRequest = { sort: CourseSort; limit: number; offset: number };

/** course_search's columns under the names `orderBy` takes: what a page of matches carries. */
const SEARCH_ORDER_COLUMNS = {
  createdAt: courseSearch.createdAt,
  id: courseSearch.courseId,
  price: courseSearch.price,
};

/**
 * The page by collecting: every match through a GIN index (`where`), counted by the window on the way to the
 * top-N sort, then the page.
 */
function collectedPage(queryable: Queryable, { where, sort, limit, offset }: PageRequest & { where?: SQL }) {
  const page = queryable
    .select({
      ...SEARCH_ORDER_COLUMNS,
      // Every match is read before the sort anyway; the window counts them on the way.
      total: sql<number>`(count(*) over ())::int`.as("total"),
    })
    .from(courseSearch)
    .where(where)
    .orderBy(...orderBy(sort, SEARCH_ORDER_COLUMNS))
    .limit(limit)
    .offset(offset)
    .as("page");
  return cardsOf(queryable, page, sort, page.total);
}

/**
 * The page by walking: at most `budget` rows of course_search in the page's order (its order index), each tested
 * with the search and the category, until the page is passed.
 */
function walkedPage(
  queryable: Queryable,
  {
    search,
    category,
    sort,
    limit,
    offset,
    budget,
  }: PageRequest & { search: SearchCondition; category?: CourseCategory; budget: number },
) {
  const walked = queryable
    .select({
      ...SEARCH_ORDER_COLUMNS,
      category: courseSearch.category,
      searchText: courseSearch.searchText,
    })
    .from(courseSearch)
    .orderBy(...orderBy(sort, SEARCH_ORDER_COLUMNS))
    .limit(budget)
    .as("walked");
  const page = queryable
    .select({ id: walked.id, createdAt: walked.createdAt, price: walked.price })
    .from(walked)
    .where(and(category ? eq(walked.category, category) : undefined, search.tested(walked.searchText)))
    .orderBy(...orderBy(sort, walked))
    .limit(limit)
    .offset(offset)
    .as("page");
  return cardsOf(queryable, page, sort);
}

/**
 * A page of course ids joined to their courses and trainers, as card rows in the page's order, with the page's
 * `total` column when it has one.
 */
function cardsOf(
  queryable: Queryable,
  page: Subquery & { id: Column; createdAt: Column; price: Column },
  sort: CourseSort,
  total: SQL.Aliased<number> | SQL<null> = sql<null>`null`,
) {
  return (
    queryable
      .select({ ...cardColumns(), total })
      .from(page)
      .innerJoin(courses, eq(courses.id, page.id))
      .innerJoin(users, eq(users.id, courses.trainerId))
      // course_search holds published courses only; checked again on the page's rows all the same.
      .where(eq(courses.isPublished, true))
      .orderBy(...orderBy(sort, page))
  );
}

/**
 * Transaction-local planner settings for a search's next statement (decision 036):
 * - "any": the planner's own choice (a count through the trigram index, or a scan of course_search when the term
 *   is in most rows);
 * - "index": course_search only through a bitmap of a GIN index. search_short_grams costs some 20-40 µs a row and
 *   the planner charges it as if it were rechecked, so left to itself it reads the table and calls it on every
 *   row for a term in nearly every row (seconds at 100,000 courses; decision 034). Also the route that collects
 *   a few matches, so the planner cannot walk an order index on its own estimate instead;
 * - "walk": course_search only through the index in the page's order (no bitmap, no sort), testing each row.
 * jit is off because a disabled plan's cost can lift a search past jit_above_cost, and parallel workers are off
 * because on a small machine they only add their start-up to a search's time (p95 21 ms against 14 for the count
 * of a term in every course).
 */
function planSettings(route: "any" | "index" | "walk"): SQL {
  const onIf = (on: boolean) => (on ? "on" : "off");
  return sql`select set_config('enable_seqscan', ${onIf(route === "any")}, true),
    set_config('enable_indexscan', ${onIf(route !== "index")}, true),
    set_config('enable_bitmapscan', ${onIf(route !== "walk")}, true),
    set_config('enable_sort', ${onIf(route !== "walk")}, true),
    set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`;
}

type SearchCondition = {
  found: SQL | undefined;
  tested: (searchText: AnyPgColumn) => SQL | undefined;
  shortGrams: boolean;
};

/**
 * Case-insensitive substring match in both languages; Arabic-script technology names ("بايثون") also look for
 * their Latin spelling ("python"). `found` is the condition an index answers: for a lone term shorter than a
 * trigram, among the text's one- and two-character substrings (`shortGrams`: read it only with the "index"
 * settings). `tested` is the same match tested on one row at a time, as a walk does: never search_short_grams.
 * A short term beside a longer one (only "جي اس" → "js" in the glossary) is strpos in both: the trigram index is
 * lossy, and its recheck of the whole OR would call search_short_grams on every candidate.
 */
function searchCondition(folded: string): SearchCondition {
  const translated = translateTechTerms(folded);
  if (translated) {
    const either = (searchText: AnyPgColumn) =>
      or(contains(searchText, folded), contains(searchText, translated));
    return { found: either(courseSearch.searchText), tested: either, shortGrams: false };
  }
  const tested = (searchText: AnyPgColumn) => contains(searchText, folded);
  if (isShorterThanTrigram(folded)) return { found: containsShort(folded), tested, shortGrams: true };
  return { found: tested(courseSearch.searchText), tested, shortGrams: false };
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
function contains(searchText: AnyPgColumn, text: string): SQL {
  if (isShorterThanTrigram(text)) return sql`strpos(${searchText}, lower(${text})) > 0`;
  return sql`${searchText} like lower(${containsPattern(text)})`;
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

/** An instructor's published courses as cards, newest first (their profile page, issue 50). */
export async function listInstructorCourseCards(
  db: Database,
  locale: Locale,
  trainerId: string,
): Promise<CourseCard[]> {
  const rows = await db
    .select(cardColumns())
    .from(courses)
    .innerJoin(users, eq(users.id, courses.trainerId))
    .where(and(eq(courses.trainerId, trainerId), eq(courses.isPublished, true)))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(60);
  return rows.map((row) => toCard(row, locale));
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
      outcomes: courses.outcomes,
      outcomesAr: courses.outcomesAr,
      requirements: courses.requirements,
      requirementsAr: courses.requirementsAr,
      audience: courses.audience,
      audienceAr: courses.audienceAr,
      languages: courses.languages,
      updatedAt: courses.updatedAt,
      instructorBio: users.bio,
      instructorBioAr: users.bioAr,
      instructorAvatarUrl: users.avatarUrl,
      learnerCount: sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.courseId} = ${courses.id})`,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.trainerId))
    .where(eq(courses.id, id));
  // Drafts exist only for their trainer and admins: to everyone else, a 404.
  if (!row || !maySeeCourse(viewer, row)) return null;
  // Both at once: the page's one extra statement for sections costs no extra round trip.
  const [sectionRows, lessonRows] = await Promise.all([
    db
      .select({
        id: courseSections.id,
        position: courseSections.position,
        title: courseSections.title,
        titleAr: courseSections.titleAr,
      })
      .from(courseSections)
      .where(eq(courseSections.courseId, id))
      .orderBy(asc(courseSections.position)),
    db
      .select({
        id: lessons.id,
        sectionId: lessons.sectionId,
        position: lessons.position,
        kind: lessons.kind,
        title: lessons.title,
        titleAr: lessons.titleAr,
        durationMinutes: lessons.durationMinutes,
        isFreePreview: lessons.isFreePreview,
      })
      .from(lessons)
      .where(eq(lessons.courseId, id))
      .orderBy(asc(lessons.position)),
  ]);
  return {
    ...toCard(row, locale),
    // The Arabic HTML exists only when an Arabic description does, like the plain text it came from.
    descriptionHtml: pick(locale, row.descriptionHtml, row.descriptionArHtml),
    isPublished: row.isPublished,
    trainerId: row.trainerId,
    outcomes: pickList(locale, row.outcomes, row.outcomesAr),
    requirements: pickList(locale, row.requirements, row.requirementsAr),
    audience: pickList(locale, row.audience, row.audienceAr),
    languages: row.languages.filter(isCourseLanguage),
    updatedAt: row.updatedAt,
    learnerCount: Number(row.learnerCount),
    instructor: {
      id: row.trainerId,
      name: pick(locale, row.instructorName, row.instructorNameAr),
      bio: locale === "ar" ? (row.instructorBioAr ?? row.instructorBio) : row.instructorBio,
      avatarUrl: row.instructorAvatarUrl,
    },
    sections: sectionRows.map((section) => ({
      id: section.id,
      position: section.position,
      title: pick(locale, section.title, section.titleAr),
    })),
    lessons: lessonRows.map((lesson) => ({
      id: lesson.id,
      sectionId: lesson.sectionId,
      position: lesson.position,
      kind: lesson.kind,
      title: pick(locale, lesson.title, lesson.titleAr),
      durationMinutes: lesson.durationMinutes,
      isFreePreview: lesson.isFreePreview,
    })),
  };
}

/** A list in the page's language: the Arabic one when there is one, else the English (as `pick` does for text). */
function pickList(locale: Locale, english: string[], arabic: string[]): string[] {
  return locale === "ar" && arabic.length > 0 ? arabic : english;
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
