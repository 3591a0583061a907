// The route side of the editors: who may open which editor (sign-in redirect, 403, 404), the saved items as
// form values, and the Preview submit, which renders what was typed without saving it.

import type { RouterContextProvider } from "react-router";
import { canTeach, isAdmin } from "../access/roles";
import { getUser, loginRedirect, requireRole } from "../auth/guards.server";
import { getDb } from "../db/context";
import type { EditorialStatus, User } from "../db/schema";
import { type Locale, stripLocale } from "../i18n/languages";
import { pick } from "../lib/localized";
import { renderMarkdown } from "../lib/markdown.server";
import { parseId } from "../lib/params";
import { type GalleryRequest, getCaseStudyForEditor } from "./case-studies.server";
import type { GalleryFields } from "./inputs";
import type { BlogArea } from "./paths";
import { effectiveStatus, isPublic } from "./policy";
import { getPostForEditor } from "./posts.server";

type Context = Readonly<RouterContextProvider>;

/** Which blog editor a URL is: the admin dashboard's (every post) or a trainer's own (/instructor/blog). */
export function blogArea(request: Request): BlogArea {
  const path = stripLocale(new URL(request.url).pathname.replace(/\.data$/, ""));
  return path.startsWith("/dashboard/admin/") ? "admin" : "instructor";
}

/** The signed-in writer for this area: admins only under the dashboard, trainers and admins elsewhere. */
export function requireBlogWriter(request: Request, context: Context): { actor: User; area: BlogArea } {
  const area = blogArea(request);
  const actor = requireRole(request, context, area === "admin" ? isAdmin : canTeach);
  return { actor, area };
}

const notFound = () => new Response("Not Found", { status: 404 });

/** The post whose editor is asked for, or the thrown answer for anyone who may not edit it. */
export async function requireEditablePost(request: Request, context: Context, idParam: string | undefined) {
  if (!getUser(context)) throw loginRedirect(request);
  const { actor, area } = requireBlogWriter(request, context);
  const id = parseId(idParam);
  if (id === null) throw notFound();
  const found = await getPostForEditor(getDb(context), actor, id);
  if (found.access === "edit") return { actor, area, post: found.post };
  if (found.access === "sign_in") throw loginRedirect(request);
  throw found.access === "forbidden" ? new Response("Forbidden", { status: 403 }) : notFound();
}

export async function requireEditableCaseStudy(
  request: Request,
  context: Context,
  idParam: string | undefined,
) {
  const actor = requireRole(request, context, isAdmin);
  const id = parseId(idParam);
  if (id === null) throw notFound();
  const found = await getCaseStudyForEditor(getDb(context), actor, id);
  if (!found.ok) throw found.reason === "forbidden" ? new Response("Forbidden", { status: 403 }) : notFound();
  return { actor, item: found.item };
}

/** Preview: each typed Markdown field rendered exactly as saving would render it (nothing is saved). */
export function previewHtml(values: Record<string, string>, markdownFields: readonly string[]) {
  return Object.fromEntries(
    markdownFields.map((name) => [name, values[name]?.trim() ? renderMarkdown(values[name]) : ""]),
  );
}

/** A refusal from the domain as the form's field errors (unless it concerns no field). */
export function refusalFieldErrors(description: { message: string; field?: string }): Record<string, string> {
  return {
    form: description.message,
    ...(description.field ? { [description.field]: description.message } : {}),
  };
}

/** The key a gallery entry travels under in the gallery form. */
export function galleryKey(image: { publicId: string | null; url: string }): string {
  return image.publicId ?? `url:${image.url}`;
}

/**
 * The gallery form as the whole new gallery: alt texts as typed, then the one move or removal applied.
 * Null for a form that is not one (a move or removal past either end).
 */
export function galleryFromForm({
  imageKey,
  alt,
  altAr,
  move,
  remove,
}: GalleryFields): GalleryRequest[] | null {
  const gallery: GalleryRequest[] = imageKey.map((key, index) => ({
    ...(key.startsWith("url:") ? { keepUrl: key.slice(4) } : { publicId: key }),
    alt: alt[index] ?? null,
    altAr: altAr[index] ?? null,
  }));
  if (remove !== undefined) {
    const index = Number(remove);
    if (index >= gallery.length) return null;
    gallery.splice(index, 1);
  } else if (move) {
    const [direction, at] = move.split(":");
    const from = Number(at);
    const to = direction === "up" ? from - 1 : from + 1;
    if (from >= gallery.length || to < 0 || to >= gallery.length) return null;
    const [moved] = gallery.splice(from, 1);
    if (moved) gallery.splice(to, 0, moved);
  }
  return gallery;
}

/** What an editor page shows of the item it edits. */
export function editedItem(
  page: { locale: Locale; date: (iso: string) => string },
  item: {
    id: number;
    title: string;
    titleAr: string | null;
    status: EditorialStatus;
    publishedAt: Date | null;
    updatedAt: Date;
  },
  now = new Date(),
) {
  return {
    id: item.id,
    title: pick(page.locale, item.title, item.titleAr),
    status: effectiveStatus(item, now),
    isPublic: isPublic(item, now),
    dateLabel: item.publishedAt ? page.date(item.publishedAt.toISOString()) : null,
    updatedAt: item.updatedAt.toISOString(),
  };
}

/** A row of an editor's list. */
export function listedItem(
  page: { locale: Locale; date: (iso: string) => string },
  item: {
    id: number;
    title: string;
    titleAr: string | null;
    status: EditorialStatus;
    publishedAt: Date | null;
  },
  now: Date,
) {
  return {
    id: item.id,
    title: pick(page.locale, item.title, item.titleAr),
    status: effectiveStatus(item, now),
    dateLabel: item.publishedAt ? page.date(item.publishedAt.toISOString()) : null,
  };
}
