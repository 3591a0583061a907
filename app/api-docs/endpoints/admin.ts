// The admin's API (app/routes/api/admin-*.ts, auth-users.ts).
import { z } from "zod";
import { ChangeRoleInput, UserListQuery } from "../../admin/users.server";
import { AdminEnrollmentQuery, RefundInput } from "../../commerce/refunds.server";
import { JobListQuery } from "../../jobs/admin.server";
import { JOB_QUEUES, JOB_STATES } from "../../jobs/policy";
import { BankAccountInput } from "../../wallet/bank-account";
import { RejectInput, TopUpQueue } from "../../wallet/top-ups.server";
import { ChargeWalletInput } from "../../wallet/wallet.server";
import {
  ApiUser,
  type EndpointDoc,
  isoDate,
  json,
  money,
  ok,
  paged,
  params,
  pathId,
  textParams,
} from "../registry";
import { TopUpRequest } from "./account";

const Job = z.strictObject({
  id: z.uuid(),
  name: z.enum(JOB_QUEUES),
  state: z.enum(JOB_STATES),
  retryCount: z.int().min(0),
  retryLimit: z.int().min(0),
  createdOn: isoDate,
  startAfter: isoDate.describe("Not before then: a scheduled job, or a retry's back-off"),
  startedOn: isoDate.nullable(),
  completedOn: isoDate.nullable(),
  error: z.string().nullable().describe("A failed attempt's error message"),
});

const AdminEnrollment = z.strictObject({
  id: z.int().describe("What POST /api/admin/enrollments/{id}/refund takes"),
  userId: z.uuid(),
  userName: z.string(),
  userEmail: z.string(),
  courseId: z.int(),
  courseTitle: z.string(),
  courseTitleAr: z.string().nullable(),
  pricePaid: money.describe("What the learner paid, in currency units (0 for a free course)"),
  enrolledAt: isoDate,
  withinRefundWindow: z
    .boolean()
    .describe("A refund needs no `override` now (REFUND_WINDOW_DAYS since the enrollment, 14 by default)"),
});

const BankTransferSettings = z.strictObject({
  bankName: z.string(),
  accountHolder: z.string(),
  iban: z.string(),
  swift: z.string().nullable(),
  instructions: z.string().nullable(),
  instructionsAr: z.string().nullable(),
  updatedAt: isoDate,
});

export const adminEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/admin/settings/bank-transfer",
    tag: "Admin",
    summary: "The bank account learners transfer to",
    auth: "admin",
    responses: {
      200: ok(
        "The account with both languages' instructions, or null",
        z.strictObject({ bankTransfer: BankTransferSettings.nullable() }),
      ),
    },
  },
  {
    method: "put",
    route: "api/admin/settings/bank-transfer",
    tag: "Admin",
    summary: "Enter or replace the bank account learners transfer to",
    description:
      "The IBAN is checked by ISO 13616 (its country's length and the mod-97 check digits) and stored without " +
      "spaces in upper case; `swift` (a BIC, 8 or 11 characters) is optional. An invalid field is 422 and " +
      "changes nothing.",
    auth: "admin",
    body: json(BankAccountInput),
    responses: {
      200: ok("The saved account", z.strictObject({ bankTransfer: BankTransferSettings })),
    },
  },
  {
    method: "get",
    route: "api/admin/stats",
    tag: "Admin",
    summary: "The dashboard's figures",
    auth: "admin",
    responses: {
      200: ok(
        "Counts and revenue",
        z.strictObject({
          users: z.strictObject({
            total: z.int(),
            byRole: z.strictObject({ user: z.int(), trainer: z.int(), admin: z.int() }),
          }),
          courses: z.strictObject({ published: z.int(), drafts: z.int() }),
          enrollments: z.int(),
          revenue: money,
        }),
      ),
    },
  },
  {
    method: "get",
    route: "api/auth",
    tag: "Admin",
    summary: "Search, sort and page through users",
    auth: "admin",
    query: UserListQuery,
    responses: { 200: ok("A page of users", paged(ApiUser)) },
  },
  {
    method: "put",
    route: "api/admin/change-role/:userId",
    tag: "Admin",
    summary: "Change a user's role (the last admin stays an admin)",
    auth: "admin",
    params: textParams({ userId: z.uuid() }),
    body: json(ChangeRoleInput),
    responses: { 200: ok("The user", z.strictObject({ user: ApiUser })) },
    errors: [
      [404, "not_found"],
      [409, "last_admin"],
    ],
  },
  {
    method: "put",
    route: "api/admin/charge-wallet/:userId",
    tag: "Admin",
    summary: "Credit a user's wallet",
    auth: "admin",
    params: textParams({ userId: z.uuid() }),
    body: json(ChargeWalletInput),
    responses: {
      200: ok(
        "The user and the ledger entry",
        z.strictObject({
          user: ApiUser,
          ledgerEntry: z.strictObject({
            id: z.int(),
            amount: money,
            balanceAfter: money,
            reason: z.string().nullable(),
            kind: z.enum(["credit", "purchase", "refund", "top_up"]),
            createdAt: isoDate,
          }),
        }),
      ),
    },
    errors: [[404, "not_found"]],
  },
  {
    method: "get",
    route: "api/admin/top-ups",
    tag: "Admin",
    summary: "The top-up review queue",
    auth: "admin",
    query: TopUpQueue,
    responses: {
      200: ok(
        "A page of requests with their users",
        paged(
          TopUpRequest.extend({
            user: z.strictObject({
              id: z.uuid(),
              name: z.string(),
              email: z.string(),
              walletBalance: money,
            }),
          }).strict(),
        ),
      ),
    },
  },
  {
    method: "post",
    route: "api/admin/top-ups/:id/:decision",
    tag: "Admin",
    summary: "Approve or reject a top-up request",
    description:
      "`decision` is `approve` or `reject`; a reject may carry {reason}. A second review of the same request is 409.",
    auth: "admin",
    params: z.object({ id: pathId, decision: z.enum(["approve", "reject"]) }),
    body: json(RejectInput, "Only for reject, and optional"),
    responses: { 200: ok("The reviewed request", z.strictObject({ request: TopUpRequest })) },
    errors: [
      [404, "not_found"],
      [409, "already_reviewed"],
      [409, "balance_limit"],
    ],
  },
  {
    method: "get",
    route: "api/admin/enrollments",
    tag: "Admin",
    summary: "Enrollments, newest first, to find the one to refund",
    description:
      "`userId` and `courseId` filter. A refunded enrollment ends, so it is no longer listed. `limit` is 50 unless given, at most 100.",
    auth: "admin",
    query: AdminEnrollmentQuery,
    responses: { 200: ok("A page of enrollments", paged(AdminEnrollment)) },
  },
  {
    method: "post",
    route: "api/admin/enrollments/:id/refund",
    tag: "Admin",
    summary: "Refund an enrollment to the learner's wallet",
    description: "409 past the refund window unless `override` is true.",
    auth: "admin",
    params: params("id"),
    body: json(RefundInput),
    responses: {
      200: ok(
        "What was refunded",
        z.strictObject({
          refunded: money,
          to: z
            .enum(["wallet", "card"])
            .describe("The wallet at once, or the card that paid: the provider's refund follows by a job"),
          balance: money,
        }),
      ),
    },
    errors: [
      [404, "not_found"],
      [409, "refund_window_closed"],
      [409, "balance_limit"],
    ],
  },
  {
    method: "get",
    route: "api/admin/jobs",
    tag: "Admin",
    summary: "The background job queue",
    description: "Newest first; `state` and `name` filter. A job's data is never shown.",
    auth: "admin",
    query: JobListQuery,
    responses: { 200: ok("A page of jobs", paged(Job)) },
  },
  {
    method: "post",
    route: "api/admin/jobs/:id/retry",
    tag: "Admin",
    summary: "Put a failed job back in line",
    auth: "admin",
    params: textParams({ id: z.uuid() }),
    responses: {
      200: ok(
        "The job, queued again",
        z.strictObject({ job: z.strictObject({ id: z.uuid(), name: z.enum(JOB_QUEUES) }) }),
      ),
    },
    errors: [
      [404, "not_found"],
      [409, "not_failed"],
    ],
  },
];
