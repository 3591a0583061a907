// Sign-up and password sign-in rules, shared by the /auth pages and the /api/auth endpoints.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { readConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { type User, users } from "../db/schema";
import { toCurrencyUnits } from "../lib/money";
import { emailAddress, safeText } from "../lib/validation";
import { hashPassword, verifyPassword } from "./password.server";

/** Messages are translation keys in the `auth` namespace. */
/** What the API takes to create an account (the page's form adds its honeypot and return path). */
export const ApiSignupInput = z.object({
  userName: safeText({ max: 200, error: "errors.nameRequired", tooLong: "errors.nameTooLong" })
    .trim()
    .min(2, { error: "errors.nameRequired" })
    .max(80, { error: "errors.nameTooLong" }),
  email: emailAddress("errors.emailInvalid"),
  password: safeText({ max: 1000, error: "errors.passwordTooShort", tooLong: "errors.passwordTooLong" })
    .min(8, { error: "errors.passwordTooShort" })
    .max(128, { error: "errors.passwordTooLong" }),
});

/** The form's fields beside the API's: the honeypot (`website`) and where to go afterwards. */
const FormOnlyFields = {
  website: safeText({ max: 1000, error: "errors.botDetected" }).optional(),
  redirectTo: safeText({ max: 2000, error: "errors.botDetected" }).optional(),
};

export const SignupInput = ApiSignupInput.extend(FormOnlyFields);

export const ApiLoginInput = z.object({
  email: safeText({ max: 254, error: "errors.emailInvalid" })
    .trim()
    .toLowerCase()
    .min(1, { error: "errors.emailInvalid" }),
  password: safeText({ max: 128, error: "errors.passwordRequired" }).min(1, {
    error: "errors.passwordRequired",
  }),
});

export const LoginInput = ApiLoginInput.extend(FormOnlyFields);

export type SignupInput = z.infer<typeof ApiSignupInput>;
export type LoginInput = z.infer<typeof LoginInput>;

/** What a user looks like to the outside: never the password hash. */
export type PublicUser = {
  id: string;
  name: string;
  /** Optional Arabic display name, shown on Arabic pages. */
  nameAr: string | null;
  email: string;
  role: User["role"];
  walletBalance: number;
  createdAt: string;
};

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    name: user.name,
    nameAr: user.nameAr,
    email: user.email,
    role: user.role,
    walletBalance: user.walletBalance,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The user as the JSON API shows it: like toPublicUser, with the balance in currency units (10.5, not 1050). */
export function toApiUser(user: User): PublicUser {
  return { ...toPublicUser(user), walletBalance: toCurrencyUnits(user.walletBalance, readConfig().currency) };
}

export function isHoneypotFilled(input: { website?: string }): boolean {
  return Boolean(input.website && input.website.trim() !== "");
}

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user;
}

export type SignupOutcome = { ok: true; user: User } | { ok: false; reason: "email_taken" };

export async function registerUser(db: Database, input: SignupInput): Promise<SignupOutcome> {
  const passwordHash = await hashPassword(input.password);
  const [user] = await db
    .insert(users)
    .values({ name: input.userName, email: input.email, passwordHash })
    .onConflictDoNothing()
    .returning();
  return user ? { ok: true, user } : { ok: false, reason: "email_taken" };
}

// Verifying against a real hash when the email is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;

/** The user for these credentials, or null. An unknown email and a wrong password look the same. */
export async function authenticateWithPassword(
  db: Database,
  email: string,
  password: string,
): Promise<User | null> {
  const user = await findUserByEmail(db, email);
  dummyHash ??= hashPassword("not-a-real-password");
  const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  return user?.passwordHash && valid ? user : null;
}
