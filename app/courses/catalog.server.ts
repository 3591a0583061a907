// Read-side queries for the public catalog: published courses only, shaped for one locale.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { courses, lessons, users } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";
import type { CourseCategory } from "./categories";

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
};

export type CourseDetail = CourseCard & {
  lessons: { id: number; position: number; title: string; durationMinutes: number | null }[];
};

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
    lessonCount,
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
  lessonCount: number;
};

function toCard(row: CardRow, locale: Locale): CourseCard {
  return {
    id: row.id,
    title: pick(locale, row.title, row.titleAr),
    description: pick(locale, row.description, row.descriptionAr),
    category: row.category,
    price: row.price,
    image: row.imageUrl || DEFAULT_COURSE_IMAGE,
    instructorName: row.instructorName,
    lessonCount: Number(row.lessonCount),
  };
}

export async function listPublishedCourses(
  db: Database,
  locale: Locale,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ items: CourseCard[]; total: number }> {
  const published = eq(courses.isPublished, true);
  const [rows, total] = await Promise.all([
    db
      .select(cardColumns())
      .from(courses)
      .innerJoin(users, eq(users.id, courses.trainerId))
      .where(published)
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(limit)
      .offset(offset),
    db.$count(courses, published),
  ]);
  return { items: rows.map((row) => toCard(row, locale)), total };
}

export async function getPublishedCourse(
  db: Database,
  locale: Locale,
  id: number,
): Promise<CourseDetail | null> {
  const [row] = await db
    .select(cardColumns())
    .from(courses)
    .innerJoin(users, eq(users.id, courses.trainerId))
    .where(and(eq(courses.id, id), eq(courses.isPublished, true)));
  if (!row) return null;
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
  return { ...card, priceLabel: formatPrice(card.price), isFree: card.price === 0 };
}
