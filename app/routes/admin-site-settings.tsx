// /dashboard/admin/settings: the site settings (issue 49, item 6) as one plain form, English and Arabic side
// by side. Saving redirects back with a toast; a refused save comes back with each field's message and what
// was typed.

import { data } from "react-router";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { SiteSettingsPage } from "../components/admin/site-settings-page";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { formFields, readForm, translateIssues } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { formFieldOf, SiteSettingsInput, settingsFromForm, settingsToForm } from "../site/settings";
import { getSiteSettings, saveSiteSettings } from "../site/settings.server";
import type { Route } from "./+types/admin-site-settings";

export const handle = { i18n: ["site"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const t = page.tIn("site");
  const stored = await getSiteSettings(getDb(context));
  return {
    meta: page.meta(t("settings.title"), t("settings.metaDescription")),
    values: settingsToForm(stored.settings),
    lastSaved: stored.updatedAt
      ? new Date(stored.updatedAt).toLocaleString(page.locale, { dateStyle: "long", timeStyle: "short" })
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const t = page.tIn("site");
  const fields = formFields(await readForm(request));
  const parsed = SiteSettingsInput.safeParse(settingsFromForm(fields));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ ...issue, path: [formFieldOf(issue.path)] }));
    return data(
      { fieldErrors: translateIssues(issues, t), values: settingsToForm(typedSettings(fields)) },
      { status: 400 },
    );
  }
  await saveSiteSettings(getDb(context), parsed.data, admin.id);
  return toasts().redirectWithSuccess(
    localizePath("/dashboard/admin/settings", page.locale),
    t("settings.saved"),
  );
}

/** What was typed, bounded, to refill the form after a refused save. */
function typedSettings(fields: Record<string, string>) {
  const bounded = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, value.slice(0, 400)]),
  );
  return settingsFromForm(bounded) as Parameters<typeof settingsToForm>[0];
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminSiteSettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <SiteSettingsPage loaderData={loaderData} actionData={actionData} />;
}
