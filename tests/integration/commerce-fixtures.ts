// What the card-order and invoice tests each set up the same way: a few published courses at given prices,
// and provider settings in the environment, restored as they were when the file is done.
import type { Database } from "../../app/db/client.server";
import { courses } from "../../app/db/schema";

/**
 * Published courses of `trainerId`, one per price (minor units), titled "<title> 0", "<title> 1"… (and in
 * Arabic when `titleAr` is given); their ids in the order of `prices`.
 */
export async function createPricedCourses(
  db: Database,
  trainerId: string,
  { title, titleAr, prices }: { title: string; titleAr?: string; prices: readonly number[] },
): Promise<number[]> {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const rows = await db
    .insert(courses)
    .values(
      prices.map((price, index) => ({
        slug: `${slug}-${index}`,
        title: `${title} ${index}`,
        ...(titleAr ? { titleAr: `${titleAr} ${index}` } : {}),
        description: "d",
        category: "data-science" as const,
        price,
        isPublished: true,
        trainerId,
      })),
    )
    .returning({ id: courses.id });
  return rows.map((row) => row.id);
}

/** Remembers these environment variables now; the function returned puts them back (unset ones unset). */
export function saveEnv(names: readonly string[]): () => void {
  const saved = new Map(names.map((name) => [name, process.env[name]]));
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
