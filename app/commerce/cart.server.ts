// The cart (SPEC §3, §4): course ids only, no quantities, no duplicates. A guest's cart lives in a signed
// cookie; a signed-in user's in cart_items, where the guest cart is merged at sign-in.
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { createCookie } from "react-router";
import { getSessionSecret, readConfig } from "../config.server";
import { listCourseCards } from "../courses/catalog.server";
import type { Database } from "../db/client.server";
import { cartItems, courses, enrollments, type User } from "../db/schema";
import type { Locale } from "../i18n/languages";

export const MAX_CART_ITEMS = 50;

export type CartItem = { id: number; title: string; price: number; thumbnail: string };

type Cookie = ReturnType<typeof createCookie>;
let cookie: Cookie | undefined;

function guestCartCookie(): Cookie {
  cookie ??= createCookie("manara_cart", {
    httpOnly: true,
    sameSite: "lax",
    secure: readConfig().isProduction,
    path: "/",
    secrets: [getSessionSecret()],
    maxAge: 30 * 24 * 60 * 60,
  });
  return cookie;
}

async function readGuestCart(request: Request): Promise<number[]> {
  const value = await guestCartCookie().parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((id): id is number => Number.isInteger(id) && id > 0))].slice(
    0,
    MAX_CART_ITEMS,
  );
}

function writeGuestCart(ids: number[]): Promise<string> {
  return guestCartCookie().serialize(ids);
}

export function clearGuestCartCookie(): Promise<string> {
  return guestCartCookie().serialize([], { maxAge: 0, expires: new Date(0) });
}

/** The course ids in the visitor's cart, oldest first. */
export async function getCartCourseIds(db: Database, request: Request, user: User | null): Promise<number[]> {
  if (!user) return readGuestCart(request);
  const rows = await db
    .select({ courseId: cartItems.courseId })
    .from(cartItems)
    .where(eq(cartItems.userId, user.id))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.courseId));
  return rows.map((row) => row.courseId);
}

/** `unchanged`: the course was already in the cart (adding) or not in it (removing); the answer says so. */
export type CartChange =
  | { ok: true; courseIds: number[]; setCookie?: string; unchanged?: boolean }
  | { ok: false; reason: "not_found" | "owned" | "full" | "free" };

/** The price of a published course, or null when there is no such published course. */
async function publishedPrice(db: Database, courseId: number): Promise<number | null> {
  const [row] = await db
    .select({ price: courses.price })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.isPublished, true)));
  return row ? row.price : null;
}

async function owns(db: Database, userId: string, courseId: number): Promise<boolean> {
  return (
    (await db.$count(enrollments, and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))) >
    0
  );
}

/**
 * Adds a published paid course; adding one already there changes nothing (no duplicates, no quantities) and
 * says so. Free courses are enrolled in directly, never bought, so they are refused even when a hand-made
 * request asks (the page shows no cart button for them).
 */
export async function addToCart(
  db: Database,
  request: Request,
  user: User | null,
  courseId: number,
): Promise<CartChange> {
  const price = await publishedPrice(db, courseId);
  if (price === null) return { ok: false, reason: "not_found" };
  if (price === 0) return { ok: false, reason: "free" };
  const current = await getCartCourseIds(db, request, user);
  if (current.includes(courseId)) return { ok: true, courseIds: current, unchanged: true };
  if (current.length >= MAX_CART_ITEMS) return { ok: false, reason: "full" };
  if (!user) {
    const next = [...current, courseId];
    return { ok: true, courseIds: next, setCookie: await writeGuestCart(next) };
  }
  if (await owns(db, user.id, courseId)) return { ok: false, reason: "owned" };
  await db.insert(cartItems).values({ userId: user.id, courseId }).onConflictDoNothing();
  return { ok: true, courseIds: [...current, courseId] };
}

export async function removeFromCart(
  db: Database,
  request: Request,
  user: User | null,
  courseId: number,
): Promise<CartChange> {
  if (!user) {
    const current = await readGuestCart(request);
    if (!current.includes(courseId)) return { ok: true, courseIds: current, unchanged: true };
    const next = current.filter((id) => id !== courseId);
    return { ok: true, courseIds: next, setCookie: await writeGuestCart(next) };
  }
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, user.id), eq(cartItems.courseId, courseId)))
    .returning({ courseId: cartItems.courseId });
  return {
    ok: true,
    courseIds: await getCartCourseIds(db, request, user),
    ...(removed.length === 0 ? { unchanged: true } : {}),
  };
}

export async function clearCart(db: Database, user: User | null): Promise<CartChange> {
  if (!user) return { ok: true, courseIds: [], setCookie: await clearGuestCartCookie() };
  await db.delete(cartItems).where(eq(cartItems.userId, user.id));
  return { ok: true, courseIds: [] };
}

/**
 * At sign-in the guest's cart joins the account's (published courses the account does not own yet),
 * and the guest cookie is cleared. Returns the Set-Cookie header to send, or null when there was none.
 */
export async function mergeGuestCartIntoAccount(
  db: Database,
  request: Request,
  userId: string,
): Promise<string | null> {
  const guestIds = await readGuestCart(request);
  if (guestIds.length === 0) return null;
  const [published, owned, existing] = await Promise.all([
    db
      .select({ id: courses.id })
      .from(courses)
      .where(and(inArray(courses.id, guestIds), eq(courses.isPublished, true), gt(courses.price, 0))),
    db
      .select({ id: enrollments.courseId })
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), inArray(enrollments.courseId, guestIds))),
    db.$count(cartItems, eq(cartItems.userId, userId)),
  ]);
  const ownedIds = new Set(owned.map((row) => row.id));
  const room = Math.max(0, MAX_CART_ITEMS - existing);
  const toAdd = published
    .map((row) => row.id)
    .filter((id) => !ownedIds.has(id))
    .slice(0, room);
  if (toAdd.length > 0) {
    await db
      .insert(cartItems)
      .values(toAdd.map((courseId) => ({ userId, courseId })))
      .onConflictDoNothing();
  }
  return clearGuestCartCookie();
}

/** The cart's items as SPEC §3 describes them, in cart order, and the total in minor units. */
export async function loadCart(
  db: Database,
  locale: Locale,
  courseIds: number[],
): Promise<{ items: CartItem[]; total: number }> {
  const cards = await listCourseCards(db, locale, courseIds);
  const byId = new Map(cards.map((card) => [card.id, card]));
  // Courses unpublished since they were added simply drop out of the cart.
  const items = courseIds.flatMap((id) => {
    const card = byId.get(id);
    return card ? [{ id: card.id, title: card.title, price: card.price ?? 0, thumbnail: card.image }] : [];
  });
  return { items, total: items.reduce((sum, item) => sum + item.price, 0) };
}

export async function countCart(db: Database, request: Request, user: User | null): Promise<number> {
  if (!user) return (await readGuestCart(request)).length;
  return db.$count(cartItems, eq(cartItems.userId, user.id));
}
