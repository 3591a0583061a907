// Where the editors live. Admins edit every post under the admin dashboard; trainers their own posts beside
// their courses under /instructor. Case studies are under the admin dashboard only.
import { isAdmin, type Viewer } from "../access/roles";

export type BlogArea = "admin" | "instructor";

export function blogEditorBase(area: BlogArea): string {
  return area === "admin" ? "/dashboard/admin/blog" : "/instructor/blog";
}

/** The editor a person opens a post in: admins in the dashboard, trainers in their own area. */
export function postEditorPath(editor: NonNullable<Viewer>, id: number): string {
  return `${blogEditorBase(isAdmin(editor) ? "admin" : "instructor")}/${id}`;
}

export const PORTFOLIO_EDITOR_BASE = "/dashboard/admin/portfolio";

export function caseStudyEditorPath(id: number): string {
  return `${PORTFOLIO_EDITOR_BASE}/${id}`;
}

/** The Atom feed of a locale's blog. */
export const FEED_PATH = "/blog/feed.xml";
