// /instructor/analytics: a trainer's figures over the last 30, 90 or 365 days: totals, enrollment and revenue
// charts and a table per course. A trainer sees only their own courses; an admin sees every course, or one
// trainer's with ?trainer=. A page of its own so the studio's course list stays light.

import { canTeach, isAdmin } from "../access/roles";
import { parsePeriod, periodOf } from "../analytics/periods";
import { instructorReport } from "../analytics/report.server";
import { requireRole } from "../auth/guards.server";
import { InstructorAnalytics } from "../components/studio/analytics-page";
import { readConfig } from "../config.server";
import { getDb } from "../db/context";
import { pick } from "../lib/localized";
import { PAGE_SIZE, parsePage } from "../lib/params";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { listTrainers } from "../studio/courses.server";
import type { Route } from "./+types/instructor-analytics";
export const handle = { i18n: ["analytics", "studio"] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = requireRole(request, context, canTeach);
  const page = pageContext(request, context);
  const db = getDb(context);
  const days = parsePeriod(url.searchParams.get("period"));
  const pageNumber = parsePage(url);
  const admin = isAdmin(user);
  const trainerParam = url.searchParams.get("trainer") ?? "";
  // A trainer's scope is always themself, whatever the URL says.
  const trainerId = admin ? (UUID.test(trainerParam) ? trainerParam : undefined) : user.id;
  const reader = { locale: page.locale, t: page.t, currency: readConfig().currency };
  const [report, trainers] = await Promise.all([
    instructorReport(db, reader, {
      period: periodOf(days, new Date()),
      trainerId,
      limit: PAGE_SIZE,
      offset: (pageNumber - 1) * PAGE_SIZE,
    }),
    admin ? listTrainers(db) : Promise.resolve([]),
  ]);
  return {
    meta: page.listMeta(
      page.t("analytics:instructor.title"),
      page.t("analytics:instructor.metaDescription"),
      pageNumber,
    ),
    period: days,
    isAdmin: admin,
    trainers,
    trainerId: admin ? (trainerId ?? "") : "",
    charts: report.charts,
    totals: report.totals,
    courses: report.courses.map((course) => ({
      ...course,
      localTitle: pick(page.locale, course.title, course.titleAr),
    })),
    courseCount: report.courseCount,
    page: pageNumber,
    pageCount: Math.ceil(report.courseCount / PAGE_SIZE),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function InstructorAnalyticsRoute({ loaderData }: Route.ComponentProps) {
  return <InstructorAnalytics loaderData={loaderData} />;
}
