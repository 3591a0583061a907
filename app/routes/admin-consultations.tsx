// /dashboard/admin/consultations: when people may book a call (issue 48, item 4) as one plain form — time
// zone, call length, gap, how far ahead, least notice, each weekday's hours, closed dates — and the coming
// calls. Saving redirects back with a toast; a refused save comes back with each field's message.
import { data } from "react-router";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { AdminConsultationsPage } from "../components/consultations/admin-page";
import { getAvailability, saveAvailability, upcomingBookings } from "../consultations/consultations.server";
import { availabilityFromForm, availabilityToForm, formFieldOf } from "../consultations/form";
import { formatWhen } from "../consultations/format";
import { AvailabilityInput } from "../consultations/policy";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { formFields, readForm, translateIssues } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import type { Route } from "./+types/admin-consultations";

export const handle = { i18n: ["consultations"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const t = page.tIn("consultations");
  const db = getDb(context);
  const [stored, upcoming] = await Promise.all([getAvailability(db), upcomingBookings(db)]);
  return {
    meta: page.meta(t("admin.title"), t("admin.metaDescription")),
    values: availabilityToForm(stored.availability),
    lastSaved: stored.updatedAt
      ? new Date(stored.updatedAt).toLocaleString(page.locale, { dateStyle: "long", timeStyle: "short" })
      : null,
    upcoming: upcoming.map((booking) => ({
      id: booking.id,
      when: formatWhen(booking.startsAt, page.locale, booking.timeZone),
      name: booking.name,
      topic: booking.topic,
      leadId: booking.leadId,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const t = page.tIn("consultations");
  const fields = formFields(await readForm(request));
  const input = availabilityFromForm(fields);
  const parsed = AvailabilityInput.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ ...issue, path: [formFieldOf(issue.path, input)] }));
    const typed = Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [name, value.slice(0, 4000)]),
    );
    return data({ fieldErrors: translateIssues(issues, t), values: typed }, { status: 400 });
  }
  await saveAvailability(getDb(context), parsed.data, admin.id);
  return toasts().redirectWithSuccess(
    localizePath("/dashboard/admin/consultations", page.locale),
    t("admin.saved"),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminConsultationsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminConsultationsPage loaderData={loaderData} actionData={actionData} />;
}
