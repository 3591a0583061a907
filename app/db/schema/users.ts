// Accounts. Roles and the wallet live on the user row; sessions and the ledger come with their own tables.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const userRole = pgEnum("user_role", ["user", "trainer", "admin"]);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Optional Arabic display name, shown on Arabic pages instead of `name`. */
    nameAr: text("name_ar"),
    email: text("email").notNull(),
    /** Null for accounts that only sign in with Google. */
    passwordHash: text("password_hash"),
    role: userRole("role").notNull().default("user"),
    /** Google's stable subject id, set when the account has signed in with Google. */
    googleSub: text("google_sub").unique(),
    /** Integer minor units of CURRENCY. */
    walletBalance: integer("wallet_balance").notNull().default(0),
    /** A teacher's public profile (/instructors/:id, issue 50): a short bio in each language… */
    bio: text("bio"),
    bioAr: text("bio_ar"),
    /** …a photo (one of their own uploads), and up to four links (https). */
    avatarUrl: text("avatar_url"),
    avatarPublicId: text("avatar_public_id"),
    profileLinks: text("profile_links").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the person deleted their account: the row stays, anonymised, so the money ledger, the
     * enrollments behind course figures and the ratings they gave keep adding up (docs/decisions/023).
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    index("users_created_at_idx").on(table.createdAt),
    check("users_wallet_balance_non_negative", sql`${table.walletBalance} >= 0`),
    check(
      "users_profile_bounded",
      sql`coalesce(length(${table.bio}), 0) <= 1500 and coalesce(length(${table.bioAr}), 0) <= 1500 and cardinality(${table.profileLinks}) <= 4`,
    ),
  ],
);

export type User = typeof users.$inferSelect;
export type UserRole = (typeof userRole.enumValues)[number];
