// The wallet's JSON shapes: money in currency units (10.5, not 1050), dates as ISO strings.
import type { BankTransferAccount, TopUpRequest } from "../db/schema";
import { transferReference } from "./bank-account";
import { bankAccountView } from "./bank-account.server";
import type { LedgerLine } from "./history.server";
import { toCurrencyUnits } from "./wallet.server";

export function ledgerLineJson(line: LedgerLine) {
  return {
    id: line.id,
    kind: line.kind,
    amount: toCurrencyUnits(line.amount),
    balanceAfter: toCurrencyUnits(line.balanceAfter),
    reason: line.note,
    course: line.courseId === null ? null : { id: line.courseId, title: line.courseTitle },
    createdAt: line.createdAt.toISOString(),
  };
}

export function topUpJson(request: TopUpRequest) {
  return {
    id: request.id,
    amount: toCurrencyUnits(request.amount),
    reference: request.reference,
    transferReference: transferReference(request.id),
    status: request.status,
    rejectReason: request.rejectReason,
    createdAt: request.createdAt.toISOString(),
    reviewedAt: request.reviewedAt?.toISOString() ?? null,
  };
}

/** The bank account in the reader's language; `updatedAt` as an ISO string. */
export function bankAccountJson(account: BankTransferAccount, locale: "en" | "ar") {
  const view = bankAccountView(account, locale);
  return { ...view, updatedAt: view.updatedAt.toISOString() };
}

/** Both languages' instructions, for the admin who edits them. */
export function bankAccountSettingsJson(account: BankTransferAccount) {
  return {
    bankName: account.bankName,
    accountHolder: account.accountHolder,
    iban: account.iban,
    swift: account.swift,
    instructions: account.instructions,
    instructionsAr: account.instructionsAr,
    updatedAt: account.updatedAt.toISOString(),
  };
}
