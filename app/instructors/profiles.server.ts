// Instructors' public profiles (issue 50, item 2): reading one for /instructors/:id and the API, and a
// teacher changing their own bio, links and photo. The photo is one of their own uploads (the studio's
// media rules); a photo let go of is deleted when nothing else uses it.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { type Actor, canUseStudio } from "../access/editing";
import { type CourseCard, listInstructorCourseCards } from "../courses/catalog.server";
import type { Database } from "../db/client.server";
import { announcePublicChange } from "../db/public-changes.server";
import { users } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";
import { releaseMedia } from "../media/media.server";
import type { MediaStore } from "../media/store.server";
import { findAttachable } from "../studio/attachable.server";
import type { InstructorProfileInput } from "./profile";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type InstructorProfile = {
  id: string;
  name: string;
  /** In the page's language; the English one on Arabic pages when there is no Arabic bio. */
  bio: string | null;
  avatarUrl: string | null;
  links: string[];
  courses: CourseCard[];
};

/**
 * A teacher's public profile, or null: only a trainer or admin whose account is not deleted and who has at
 * least one published course has one (a profile with nothing to show is not a page worth finding).
 */
export async function getInstructorProfile(
  db: Database,
  locale: Locale,
  id: string,
): Promise<InstructorProfile | null> {
  if (!UUID.test(id)) return null;
  const [person] = await db
    .select({
      id: users.id,
      name: users.name,
      nameAr: users.nameAr,
      bio: users.bio,
      bioAr: users.bioAr,
      avatarUrl: users.avatarUrl,
      links: users.profileLinks,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), inArray(users.role, ["trainer", "admin"])));
  if (!person) return null;
  const courses = await listInstructorCourseCards(db, locale, person.id);
  if (courses.length === 0) return null;
  return {
    id: person.id,
    name: pick(locale, person.name, person.nameAr),
    bio: locale === "ar" ? (person.bioAr ?? person.bio) : person.bio,
    avatarUrl: person.avatarUrl,
    links: person.links,
    courses,
  };
}

/** What the studio's profile form shows: both bios as typed, the links, the photo. */
export async function getOwnInstructorProfile(db: Database, userId: string) {
  const [row] = await db
    .select({ bio: users.bio, bioAr: users.bioAr, avatarUrl: users.avatarUrl, links: users.profileLinks })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export type ProfileOutcome = { ok: true } | { ok: false; reason: "forbidden" | "not_found" };

/** A teacher's own bio and links (trainers and admins; learners teach nothing and have no profile). */
export async function updateInstructorProfile(
  db: Database,
  actor: Actor,
  input: InstructorProfileInput,
): Promise<ProfileOutcome> {
  if (!canUseStudio(actor)) return { ok: false, reason: "forbidden" };
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ bio: input.bio, bioAr: input.bioAr, profileLinks: input.links })
      .where(eq(users.id, actor.id));
    // Course pages show the teacher's bio; cached anonymous copies go.
    await announcePublicChange(tx, "catalog");
  });
  return { ok: true };
}

/** A teacher's photo: one of their own uploaded images (an admin may use any), or null to remove it. */
export async function setInstructorPhoto(
  db: Database,
  store: MediaStore,
  actor: Actor,
  publicId: string | null,
): Promise<ProfileOutcome> {
  if (!canUseStudio(actor)) return { ok: false, reason: "forbidden" };
  const upload = publicId ? await findAttachable(db, actor, "image", { publicId }) : null;
  if (publicId && !upload) return { ok: false, reason: "not_found" };
  const previous = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ publicId: users.avatarPublicId })
      .from(users)
      .where(eq(users.id, actor.id))
      .for("update");
    await tx
      .update(users)
      .set({ avatarUrl: upload?.url ?? null, avatarPublicId: upload?.publicId ?? null })
      .where(eq(users.id, actor.id));
    await announcePublicChange(tx, "catalog");
    return before?.publicId ?? null;
  });
  if (previous && previous !== publicId) await releaseMedia(db, store, [previous]);
  return { ok: true };
}
