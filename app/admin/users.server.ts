// Admin rules for accounts: the searchable user list, role changes that never leave the site without an
// admin, and the dashboard figures. The users page and the JSON API both call these.

import { type AnyColumn, and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { isAdmin } from "../access/roles";
import { type PublicUser, toPublicUser } from "../auth/accounts.server";
import type { Database } from "../db/client.server";
import { courses, enrollments, type User, type UserRole, userRole, users } from "../db/schema";
import { queryInteger, safeText } from "../lib/validation";
import { toCurrencyUnits } from "../wallet/wallet.server";

export const USER_ROLES = userRole.enumValues;
export const USER_SORTS = ["createdAt", "name", "email", "walletBalance", "role"] as const;
export const SORT_ORDERS = ["asc", "desc"] as const;
export const DEFAULT_USER_PAGE_SIZE = 10;

export type UserSort = (typeof USER_SORTS)[number];
export type SortOrder = (typeof SORT_ORDERS)[number];

// A GET form sends its empty fields (`?q=&role=`); empty means "not given", so the default applies.
const blankAsMissing = (value: unknown) => (value === "" ? undefined : value);

/**
 * `?q&role&limit&offset&sort&order` for the user list. Messages are keys in the `admin` namespace.
 * The API answers 422 to invalid values; the page uses `userListQueryOrDefaults` instead.
 */
export const UserListQuery = z.object({
  q: z.preprocess(blankAsMissing, safeText({ max: 100, error: "errors.queryTooLong" }).trim().optional()),
  role: z.preprocess(blankAsMissing, z.enum(USER_ROLES, { error: "errors.roleInvalid" }).optional()),
  limit: z.preprocess(
    blankAsMissing,
    queryInteger(1, 100, "errors.limitInvalid").default(DEFAULT_USER_PAGE_SIZE),
  ),
  offset: z.preprocess(blankAsMissing, queryInteger(0, 100_000_000, "errors.offsetInvalid").default(0)),
  sort: z.preprocess(
    blankAsMissing,
    z.enum(USER_SORTS, { error: "errors.sortInvalid" }).default("createdAt"),
  ),
  order: z.preprocess(blankAsMissing, z.enum(SORT_ORDERS, { error: "errors.orderInvalid" }).default("desc")),
});

export type UserListQuery = z.infer<typeof UserListQuery>;

/** The page's reading of the query: each invalid parameter quietly falls back to its default. */
export function userListQueryOrDefaults(searchParams: URLSearchParams): UserListQuery {
  const raw: Record<string, string> = Object.fromEntries(searchParams);
  const parsed = UserListQuery.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  return UserListQuery.parse(raw);
}

/** `%` and `_` typed by an admin are literal characters, not ILIKE wildcards (backslash is the escape). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const SORT_COLUMNS: Record<UserSort, AnyColumn | SQL> = {
  createdAt: users.createdAt,
  // People expect "alice" before "Bob": sort names and emails without regard to case.
  name: sql`lower(${users.name})`,
  email: sql`lower(${users.email})`,
  walletBalance: users.walletBalance,
  role: users.role,
};

export type UserList = { items: PublicUser[]; total: number; limit: number; offset: number };

export async function listUsers(
  db: Database,
  { q, role, limit, offset, sort, order }: UserListQuery,
): Promise<UserList> {
  const filters: SQL[] = [];
  if (q) {
    const pattern = containsPattern(q);
    const nameOrEmail = or(ilike(users.name, pattern), ilike(users.email, pattern));
    if (nameOrEmail) filters.push(nameOrEmail);
  }
  if (role) filters.push(eq(users.role, role));
  const where = and(...filters);
  const direction = order === "asc" ? asc : desc;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      // The id breaks ties, so equal values never make a row appear on two pages or on none.
      .orderBy(direction(SORT_COLUMNS[sort]), direction(users.id))
      .limit(limit)
      .offset(offset),
    db.$count(users, where),
  ]);
  return { items: rows.map(toPublicUser), total, limit, offset };
}

/** What an admin may set a role to; messages are keys in the `admin` namespace. */
export const ChangeRoleInput = z.object({
  role: z.enum(USER_ROLES, { error: "errors.roleInvalid" }),
});

export type RoleChangeOutcome = { ok: true; user: User } | { ok: false; reason: "not_found" | "last_admin" };

/**
 * Sets a user's role. `actorId` is the admin asking; it is not stored yet (there is no audit table).
 * Locking every admin row first makes two admins demoting each other at once queue up, so the second
 * sees that only one admin is left and is refused: the site can never end up without an admin.
 */
export async function changeUserRole(
  db: Database,
  input: { actorId: string; userId: string; role: UserRole },
): Promise<RoleChangeOutcome> {
  const { userId, role } = input;
  if (!z.guid().safeParse(userId).success) return { ok: false, reason: "not_found" };
  return db.transaction(async (tx) => {
    // Always in id order, so two of these transactions take the same locks in the same order and never deadlock.
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "admin"))
      .orderBy(users.id)
      .for("update");
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!target) return { ok: false, reason: "not_found" } as const;
    const demotesAnAdmin = isAdmin(target) && !isAdmin({ id: target.id, role });
    if (demotesAnAdmin && admins.length <= 1) return { ok: false, reason: "last_admin" } as const;
    if (target.role === role) return { ok: true, user: target } as const;
    const [user] = await tx.update(users).set({ role }).where(eq(users.id, userId)).returning();
    if (!user) throw new Error("changeUserRole: the locked user row vanished inside its transaction");
    return { ok: true, user } as const;
  });
}

/** Figures for the admin dashboard, one key per area. Money is integer minor units, as everywhere inside. */
export type AdminStats = {
  users: { total: number; byRole: Record<UserRole, number> };
  courses: { published: number; drafts: number };
  enrollments: number;
  /** What learners have paid for all enrollments (the sum of pricePaid), in minor units. */
  revenue: number;
};

export async function adminStats(db: Database): Promise<AdminStats> {
  const [roleRows, courseRows, [sales]] = await Promise.all([
    db.select({ role: users.role, count: count() }).from(users).groupBy(users.role),
    db
      .select({ isPublished: courses.isPublished, count: count() })
      .from(courses)
      .groupBy(courses.isPublished),
    // sum() of an int column is a bigint, which the drivers hand back as text; ::text makes that explicit.
    db
      .select({ count: count(), revenue: sql<string>`coalesce(sum(${enrollments.pricePaid}), 0)::text` })
      .from(enrollments),
  ]);
  const byRole = Object.fromEntries(USER_ROLES.map((role) => [role, 0])) as Record<UserRole, number>;
  for (const row of roleRows) byRole[row.role] = Number(row.count);
  const total = Object.values(byRole).reduce((sum, roleCount) => sum + roleCount, 0);
  const coursesWhere = (isPublished: boolean) =>
    Number(courseRows.find((row) => row.isPublished === isPublished)?.count ?? 0);
  return {
    users: { total, byRole },
    courses: { published: coursesWhere(true), drafts: coursesWhere(false) },
    enrollments: Number(sales?.count ?? 0),
    revenue: Number(sales?.revenue ?? 0),
  };
}

/** The stats as the JSON API shows them: revenue in currency units (12.5), never minor units (1250). */
export function adminStatsForApi(stats: AdminStats) {
  return { ...stats, revenue: toCurrencyUnits(stats.revenue) };
}
