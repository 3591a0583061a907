// What a role lets someone do in general: the only place that compares role names. Every other rule asks
// these (`isAdmin(viewer)`, `canTeach(viewer)`), so a new role changes one file.
import type { UserRole } from "../db/schema";

/** Whoever is asking: a signed-in person, or null for a guest. */
export type Viewer = { id: string; role: UserRole } | null;

/** Admins run the platform: every course, every user, the money. */
export function isAdmin(viewer: Viewer): boolean {
  return viewer?.role === "admin";
}

/** Trainers and admins teach: the studio, their blog posts, their coupons and analytics. */
export function canTeach(viewer: Viewer): boolean {
  return viewer?.role === "trainer" || viewer?.role === "admin";
}
