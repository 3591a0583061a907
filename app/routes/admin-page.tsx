// /dashboard/admin/pages/:slug: the block editor (issue 49, item 5). One plain form; its submit buttons save,
// add, move and remove blocks and items (each a saved revision), publish (saving first) now or at a set time,
// restore a revision, or delete a landing page. A save from an older revision is refused with a message that
// says why, keeping what was typed.
import { data } from "react-router";
import { isAdmin } from "../access/roles";
import { requireRole } from "../auth/guards.server";
import { PageEditorPage } from "../components/admin/page-editor-page";
import { getSessionSecret } from "../config.server";
import { DEFAULT_TIME_ZONE, zonedTime } from "../consultations/policy";
import { getDb } from "../db/context";
import { localizePath } from "../i18n/languages";
import { formFields, readForm, translateIssues } from "../lib/forms.server";
import { pageContext } from "../lib/route-context.server";
import { metaTags } from "../lib/seo";
import { toasts } from "../lib/toast.server";
import { PageContent } from "../pages/blocks";
import { applyIntent, changesDraft, contentFromForm, EditorIntent, fieldOfIssue } from "../pages/form";
import {
  deleteLandingPage,
  getPageForEditor,
  listRevisions,
  publishPage,
  restoreRevision,
  savePageDraft,
} from "../pages/pages.server";
import { signPreviewToken } from "../pages/preview-token";
import { pageRefusal } from "../pages/refusals";
import type { Route } from "./+types/admin-page";

export const handle = { i18n: ["site"] };

/** The editor's form can hold many blocks of long Markdown in two languages. */
const FORM_LIMIT = 2 * 1024 * 1024;

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const t = page.tIn("site");
  const db = getDb(context);
  const editor = await getPageForEditor(db, params.slug);
  if (!editor) throw notFound();
  const revisions = (await listRevisions(db, params.slug)) ?? [];
  const when = (date: Date) => date.toLocaleString(page.locale, { dateStyle: "long", timeStyle: "short" });
  const token = encodeURIComponent(signPreviewToken(getSessionSecret(), editor.slug));
  return {
    meta: page.meta(t("editor.title", { title: editor.draft.title }), t("editor.listLead")),
    slug: editor.slug,
    builtIn: editor.builtIn,
    status: editor.status,
    revision: editor.revision,
    content: editor.draft,
    publishedAt: editor.publishedAt ? when(editor.publishedAt) : null,
    scheduledAt: editor.scheduled && editor.scheduledAt ? when(editor.scheduledAt) : null,
    publicPath: !editor.builtIn && editor.published ? localizePath(`/p/${editor.slug}`, page.locale) : null,
    previewPaths: {
      en: `/p/${editor.slug}?preview=${token}`,
      ar: `/ar/p/${editor.slug}?preview=${token}`,
    },
    revisions: revisions.map((revision) => ({
      id: revision.id,
      number: revision.number,
      kind: revision.kind,
      author: revision.author?.name ?? null,
      when: when(revision.createdAt),
    })),
  };
}

/** A `datetime-local` value read in the agency's time zone, or null when it is not one. */
function publishTime(value: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, date, hours, minutes] = match as unknown as [string, string, string, string];
  const instant = zonedTime(date, Number(hours) * 60 + Number(minutes), DEFAULT_TIME_ZONE);
  return Number.isFinite(instant) ? new Date(instant) : null;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireRole(request, context, isAdmin);
  const page = pageContext(request, context);
  const t = page.tIn("site");
  const db = getDb(context);
  const here = localizePath(`/dashboard/admin/pages/${params.slug}`, page.locale);
  const fields = formFields(await readForm(request, FORM_LIMIT));
  const [head, argument] = (fields.intent ?? "save").split("|");
  const intent = EditorIntent.safeParse({
    intent: head,
    target: argument,
    revisionId: argument,
    blockType: fields.blockType,
    at: fields.publishAt,
  });
  if (!intent.success) throw new Response("Bad Request", { status: 400 });
  const editor = await getPageForEditor(db, params.slug);
  if (!editor) throw notFound();
  const refused = (reason: Parameters<typeof pageRefusal>[0], content?: PageContent) => {
    const answer = pageRefusal(reason);
    const message = t(answer.key);
    return data({ errors: { form: message }, content, message }, { status: answer.status });
  };

  if (intent.data.intent === "delete") {
    const deleted = await deleteLandingPage(db, params.slug);
    if (!deleted.ok) return refused(deleted.reason);
    return toasts().redirectWithSuccess(
      localizePath("/dashboard/admin/pages", page.locale),
      t("editor.deleted"),
    );
  }
  if (intent.data.intent === "restore") {
    const restored = await restoreRevision(db, params.slug, intent.data.revisionId, admin.id);
    if (!restored.ok) return refused(restored.reason);
    return toasts().redirectWithSuccess(here, t("editor.restored"));
  }

  // Every other intent starts from what was typed, over the draft the form was drawn from.
  const revision = Number(fields.revision);
  const typed = applyIntent(contentFromForm(editor.draft, fields), intent.data, t("editor.placeholder"));
  const parsed = PageContent.safeParse(typed);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ ...issue, path: [fieldOfIssue(issue.path)] }));
    return data(
      { errors: translateIssues(issues, t), content: typed, message: t("editor.failed") },
      { status: 400 },
    );
  }
  if (!Number.isInteger(revision) || revision !== editor.revision)
    return refused("stale_revision", parsed.data);
  if (changesDraft(intent.data) || JSON.stringify(parsed.data) !== JSON.stringify(editor.draft)) {
    const saved = await savePageDraft(db, params.slug, parsed.data, revision, admin.id);
    if (!saved.ok) return refused(saved.reason, parsed.data);
  }
  if (intent.data.intent === "publish") {
    const at = intent.data.at ? publishTime(intent.data.at) : null;
    if (intent.data.at && !at) return refused("invalid_time", parsed.data);
    const published = await publishPage(db, params.slug, at);
    if (!published.ok) return refused(published.reason, parsed.data);
    return toasts().redirectWithSuccess(here, t(at ? "editor.scheduled" : "editor.published"));
  }
  return toasts().redirectWithSuccess(here, t("editor.saved"));
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function AdminPageRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <PageEditorPage loaderData={loaderData} actionData={actionData} />;
}
