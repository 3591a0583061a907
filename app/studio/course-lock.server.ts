// What every studio change shares: the refusals it answers with, the course lock it takes first (so
// concurrent edits of one course — two tabs, the API — queue up), and the touch that tells the catalog.

import { eq } from "drizzle-orm";
import { type Actor, canEditCourse, courseEditorAccess } from "../access/editing";
import type { Transaction } from "../db/client.server";
import { announcePublicChange } from "../db/public-changes.server";
import { courses } from "../db/schema";
import { refusalOf } from "../lib/rollback";
import { isRowId } from "../lib/validation";
import type { PublishRequirement } from "./policy";

export type Refusal =
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "forbidden" }
  | { ok: false; reason: "cannot_publish"; missing: PublishRequirement[] }
  | { ok: false; reason: "has_enrollments" }
  | { ok: false; reason: "media_not_found"; field: string }
  | { ok: false; reason: "lesson_not_found" }
  | { ok: false; reason: "too_many_lessons" }
  | { ok: false; reason: "section_not_found" }
  | { ok: false; reason: "section_not_empty" }
  | { ok: false; reason: "last_section" }
  | { ok: false; reason: "too_many_sections" };

export function refusalFor(
  actor: Actor,
  course: { trainerId: string; isPublished: boolean } | null,
): Refusal {
  const access = courseEditorAccess(actor, course);
  return access === "not_found" ? { ok: false, reason: "not_found" } : { ok: false, reason: "forbidden" };
}

/** Locks a course row for the rest of the transaction and checks the actor may edit it. */
export async function lockEditable(tx: Transaction, actor: Actor, id: number) {
  if (!isRowId(id)) return { refusal: { ok: false, reason: "not_found" } as Refusal };
  const [course] = await tx.select().from(courses).where(eq(courses.id, id)).for("update");
  if (!course || !canEditCourse(actor, course)) return { refusal: refusalFor(actor, course ?? null) };
  return { course };
}

/** Every change to a course's content goes through here (or publishing): the catalog shows it. */
export async function touch(tx: Transaction, courseId: number) {
  await tx.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, courseId));
  await announcePublicChange(tx, "catalog");
}

/** A refusal thrown inside a transaction, to roll it back (app/lib/rollback.ts). */
export function rollbackAnswer(error: unknown): Refusal {
  return refusalOf<Refusal>(error);
}
