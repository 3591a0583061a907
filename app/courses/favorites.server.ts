// Favourite courses: reading them here; toggling arrives with the commerce issue.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { favorites } from "../db/schema";

export async function listFavoriteCourseIds(db: Database, userId: string): Promise<number[]> {
  const rows = await db
    .select({ courseId: favorites.courseId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(asc(favorites.createdAt));
  return rows.map((row) => row.courseId);
}
