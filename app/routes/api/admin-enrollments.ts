// GET /api/admin/enrollments?userId&courseId&limit&offset → {items, total, limit, offset}: enrollments newest
// first, each with the id its refund (POST /api/admin/enrollments/:id/refund) takes.
import { isAdmin } from "../../access/roles";
import { requireApiRole } from "../../auth/guards.server";
import {
  AdminEnrollmentQuery,
  isWithinRefundWindow,
  listEnrollmentsForAdmin,
} from "../../commerce/refunds.server";
import { getDb } from "../../db/context";
import { getI18n } from "../../i18n/context.server";
import { methodNotAllowed, readQuery } from "../../lib/api.server";
import { toCurrencyUnits } from "../../wallet/wallet.server";
import type { Route } from "./+types/admin-enrollments";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireApiRole(request, context, isAdmin);
  const query = readQuery(request, AdminEnrollmentQuery, getI18n(context), "wallet");
  if (query.error) return query.error;
  const { limit, offset } = query.data;
  const { items, total } = await listEnrollmentsForAdmin(getDb(context), query.data);
  const now = new Date();
  return Response.json({
    items: items.map((item) => ({
      id: item.id,
      userId: item.userId,
      userName: item.userName,
      userEmail: item.userEmail,
      courseId: item.courseId,
      courseTitle: item.courseTitle,
      courseTitleAr: item.courseTitleAr,
      pricePaid: toCurrencyUnits(item.pricePaid),
      enrolledAt: item.enrolledAt.toISOString(),
      withinRefundWindow: isWithinRefundWindow(item.enrolledAt, now),
    })),
    total,
    limit,
    offset,
  });
}

export function action({ request, context }: Route.ActionArgs) {
  requireApiRole(request, context, isAdmin);
  return methodNotAllowed(request, context, "GET");
}
