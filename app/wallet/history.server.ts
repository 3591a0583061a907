// A person's wallet history: every ledger row, newest first, with the balance after each.
import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { courses, type LedgerKind, users, walletLedger } from "../db/schema";
import type { Locale } from "../i18n/languages";
import { pick } from "../lib/localized";

export type LedgerLine = {
  id: number;
  kind: LedgerKind;
  /** Minor units, signed. */
  amount: number;
  balanceAfter: number;
  /** The free text written with the row (an admin's note, a transfer reference). */
  note: string;
  /** For purchases and refunds: the course, titled in the reader's language. */
  courseId: number | null;
  courseTitle: string | null;
  createdAt: Date;
};

export async function listLedger(
  db: Database,
  locale: Locale,
  userId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ items: LedgerLine[]; total: number; balance: number }> {
  const where = eq(walletLedger.userId, userId);
  const [rows, total, [owner]] = await Promise.all([
    db
      .select({
        entry: walletLedger,
        courseTitle: courses.title,
        courseTitleAr: courses.titleAr,
      })
      .from(walletLedger)
      .leftJoin(courses, eq(courses.id, walletLedger.courseId))
      .where(where)
      .orderBy(desc(walletLedger.createdAt), desc(walletLedger.id))
      .limit(limit)
      .offset(offset),
    db.$count(walletLedger, where),
    db.select({ balance: users.walletBalance }).from(users).where(eq(users.id, userId)),
  ]);
  return {
    items: rows.map(({ entry, courseTitle, courseTitleAr }) => ({
      id: entry.id,
      kind: entry.kind,
      amount: entry.amount,
      balanceAfter: entry.balanceAfter,
      note: entry.reason,
      courseId: entry.courseId,
      courseTitle: courseTitle === null ? null : pick(locale, courseTitle, courseTitleAr),
      createdAt: entry.createdAt,
    })),
    total,
    balance: owner?.balance ?? 0,
  };
}
