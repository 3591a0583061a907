// Favourite courses (SPEC §4): one toggle rule shared by the course page, /my-favorites and the API.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { courses, favorites } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { type CourseCard, listCourseCards } from "./catalog.server";

export async function listFavoriteCourseIds(db: Database, userId: string): Promise<number[]> {
  const rows = await db
    .select({ courseId: favorites.courseId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt));
  return rows.map((row) => row.courseId);
}

export async function isFavorite(db: Database, userId: string, courseId: number): Promise<boolean> {
  return (
    (await db.$count(favorites, and(eq(favorites.userId, userId), eq(favorites.courseId, courseId)))) > 0
  );
}

export type ToggleFavoriteOutcome = { ok: true; favorited: boolean } | { ok: false; reason: "not_found" };

/**
 * Adds or removes a favourite. With `want` the result is set rather than flipped, so a form submitted twice
 * (a double click without JavaScript) ends where the visitor meant it to.
 */
export async function toggleFavorite(
  db: Database,
  userId: string,
  courseId: number,
  want?: boolean,
): Promise<ToggleFavoriteOutcome> {
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.isPublished, true)));
  if (!course) return { ok: false, reason: "not_found" };
  const target = want ?? !(await isFavorite(db, userId, courseId));
  if (target) {
    await db.insert(favorites).values({ userId, courseId }).onConflictDoNothing();
  } else {
    await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.courseId, courseId)));
  }
  return { ok: true, favorited: target };
}

/** The favourite courses as cards, newest favourite first; drafts and deleted courses drop out. */
export async function listFavoriteCourses(
  db: Database,
  locale: Locale,
  userId: string,
): Promise<CourseCard[]> {
  const ids = await listFavoriteCourseIds(db, userId);
  if (ids.length === 0) return [];
  const cards = await listCourseCards(db, locale, ids);
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function favoriteIdsAmong(
  db: Database,
  userId: string,
  courseIds: number[],
): Promise<Set<number>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db
    .select({ courseId: favorites.courseId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.courseId, courseIds)));
  return new Set(rows.map((row) => row.courseId));
}
