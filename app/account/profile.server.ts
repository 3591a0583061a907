// A person's own profile: the display name, and an optional Arabic one shown on Arabic pages instead.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.server";
import { announcePublicChange } from "../db/public-changes.server";
import { type User, users } from "../db/schema";
import { safeText } from "../lib/validation";

/** Messages are translation keys in the `auth` namespace; the same bounds as sign-up's name. */
const displayName = safeText({ max: 200, error: "errors.nameRequired", tooLong: "errors.nameTooLong" })
  .trim()
  .min(2, { error: "errors.nameRequired" })
  .max(80, { error: "errors.nameTooLong" });

/** An empty Arabic name clears it (English is then shown on Arabic pages too). */
const optionalArabicName = safeText({ max: 200, error: "errors.nameTooLong" })
  .trim()
  .max(80, { error: "errors.nameTooLong" })
  .transform((value) => (value === "" ? null : value));

export const ProfileInput = z.object({
  name: displayName,
  nameAr: optionalArabicName.optional().transform((value) => value ?? null),
});

/** The API's partial update: only the fields sent change; `nameAr: null` or "" clears it. */
export const ProfilePatch = z
  .object({
    name: displayName.optional(),
    nameAr: z.union([optionalArabicName, z.null()]).optional(),
  })
  .strict();

export type ProfileChange = { name?: string; nameAr?: string | null };

export async function updateProfile(db: Database, userId: string, change: ProfileChange): Promise<User> {
  const values: ProfileChange = {};
  if (change.name !== undefined) values.name = change.name;
  if (change.nameAr !== undefined) values.nameAr = change.nameAr;
  if (Object.keys(values).length === 0) {
    const [current] = await db.select().from(users).where(eq(users.id, userId));
    if (!current) throw new Error("The signed-in user has no row");
    return current;
  }
  const [updated] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  if (!updated) throw new Error("The signed-in user has no row");
  // Reviews and course pages show people's names (posts and certificates keep the name they were made with).
  await announcePublicChange(db, "catalog");
  return updated;
}
