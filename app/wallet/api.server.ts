// The wallet's JSON shapes: money in currency units (10.5, not 1050), dates as ISO strings.
import type { TopUpRequest } from "../db/schema";
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
    status: request.status,
    rejectReason: request.rejectReason,
    createdAt: request.createdAt.toISOString(),
    reviewedAt: request.reviewedAt?.toISOString() ?? null,
  };
}
