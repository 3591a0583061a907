// The route side of the editors: who may open which editor (sign-in redirect, 403, 404), the saved items as
// form values, and the Preview submit, which renders what was typed without saving it.

import type { RouterContextProvider } from "react-router";
import { canTeach, isAdmin } from "../access/roles";
import { getUser, loginRedirect, requireRole } from "../auth/guards.server";
import { getDb } from "../db/context";
import type { User } from "../db/schema";
import { stripLocale } from "../i18n/languages";
import { renderMarkdown } from "../lib/markdown.server";
import { parseId } from "../lib/params";
import { type GalleryRequest, getCaseStudyForEditor } from "./case-studies.server";
import { GalleryForm } from "./inputs";
import type { BlogArea } from "./paths";
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

/** The typed form as strings (to send back into the fields), bounded so a preview cannot echo megabytes. */
export function typedValues(form: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value.slice(0, 50_000) : "";
  }
  return values;
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
 * Null for a form that is not one (missing or extra fields, a move past either end).
 */
export function readGalleryForm(form: FormData): GalleryRequest[] | null {
  const strings = (name: string) =>
    form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const parsed = GalleryForm.safeParse({
    keys: strings("imageKey"),
    alts: strings("alt"),
    altsAr: strings("altAr"),
    move: form.get("move") ?? undefined,
    remove: form.get("remove") ?? undefined,
  });
  if (!parsed.success) return null;
  const { keys, alts, altsAr, move, remove } = parsed.data;
  const gallery: GalleryRequest[] = keys.map((key, index) => ({
    ...(key.startsWith("url:") ? { keepUrl: key.slice(4) } : { publicId: key }),
    alt: alts[index] ?? null,
    altAr: altsAr[index] ?? null,
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
