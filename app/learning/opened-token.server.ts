// When a learner opened a lesson page, as a signed value the page carries in its "Mark as complete" form:
// without JavaScript the player reports no positions, so this is how the server knows how long the lesson
// has been open (app/learning/policy.ts, mayMarkComplete). Signed with the session secret and bound to the
// learner and the lesson, so it cannot be made up, moved to another lesson or shared.
import { createHmac, timingSafeEqual } from "node:crypto";
import { getSessionSecret } from "../config.server";

/** A page older than this is not evidence of anything: the learner opens the lesson again. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

function signature(userId: string, lessonId: number, at: number): Buffer {
  return createHmac("sha256", getSessionSecret()).update(`opened:${userId}:${lessonId}:${at}`).digest();
}

export function openedToken(userId: string, lessonId: number, at: Date = new Date()): string {
  const time = at.getTime();
  return `${time}.${signature(userId, lessonId, time).toString("base64url")}`;
}

/** The time a token says the lesson was opened, or null when it is not a valid token of this learner and lesson. */
export function readOpenedToken(
  token: unknown,
  userId: string,
  lessonId: number,
  now: Date = new Date(),
): Date | null {
  if (typeof token !== "string") return null;
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const time = Number(match[1]);
  const given = Buffer.from(match[2], "base64url");
  const expected = signature(userId, lessonId, time);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (time > now.getTime() || now.getTime() - time > MAX_AGE_MS) return null;
  return new Date(time);
}
