// Where learners send a bank transfer to top up their wallet: one account, entered by an admin
// (/dashboard/admin/bank-transfer). One row at most: the id is fixed at 1.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const bankTransferAccount = pgTable(
  "bank_transfer_account",
  {
    id: integer("id").primaryKey().default(1),
    bankName: text("bank_name").notNull(),
    accountHolder: text("account_holder").notNull(),
    /** Electronic format: upper case, no spaces; valid by ISO 13616 (country length and mod-97). */
    iban: text("iban").notNull(),
    /** BIC (ISO 9362), 8 or 11 characters, or null when the bank needs none for local transfers. */
    swift: text("swift"),
    instructions: text("instructions"),
    instructionsAr: text("instructions_ar"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedById: uuid("updated_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [check("bank_transfer_account_single_row", sql`${table.id} = 1`)],
);

export type BankTransferAccount = typeof bankTransferAccount.$inferSelect;
