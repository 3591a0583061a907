// Lessons inserted directly by a test need a section (decision 051): each course's first section, created
// when it has none, as the migration gave every existing course.
import { asc, eq } from "drizzle-orm";
import type { Queryable } from "../../app/db/client.server";
import { courseSections } from "../../app/db/schema";

export async function withSection<Row extends { courseId: number }>(
  db: Queryable,
  rows: Row | Row[],
): Promise<(Row & { sectionId: number })[]> {
  const list = Array.isArray(rows) ? rows : [rows];
  const sectionOf = new Map<number, number>();
  for (const courseId of new Set(list.map((row) => row.courseId))) {
    const [first] = await db
      .select({ id: courseSections.id })
      .from(courseSections)
      .where(eq(courseSections.courseId, courseId))
      .orderBy(asc(courseSections.position))
      .limit(1);
    const id =
      first?.id ??
      (
        await db
          .insert(courseSections)
          .values({ courseId, position: 1, title: "Course content", titleAr: "محتوى الدورة" })
          .returning({ id: courseSections.id })
      )[0]?.id;
    if (id === undefined) throw new Error("section not created");
    sectionOf.set(courseId, id);
  }
  return list.map((row) => ({ ...row, sectionId: sectionOf.get(row.courseId) as number }));
}
