// The agency's pages made of blocks (issue 49, item 7): the public read and the admin's editing, described
// from the same zod schemas the API validates with (app/pages/blocks.ts, app/pages/inputs.ts).
import { z } from "zod";
import { BLOCK_TYPES } from "../../pages/block-kinds";
import { PageContent } from "../../pages/blocks";
import { PageCreateInput, PagePublishInput, PageSaveInput } from "../../pages/inputs";
import { type EndpointDoc, isoDate, json, ok, pathId, textParams } from "../registry";

const slug = z
  .string()
  .describe("home, about_us, services, faq, help, safety, privacy, terms, or a landing page's own");
const slugParams = textParams({ slug });
const STATUS = z
  .enum(["draft", "published", "scheduled", "changed"])
  .describe(
    "draft: never published; published: live as saved; changed: live, with unpublished changes; scheduled: goes live at a set time",
  );

const PublicPage = z.strictObject({
  page: z.strictObject({
    slug: z.string(),
    title: z.string(),
    seo: z.strictObject({
      title: z.string(),
      description: z.string(),
      socialImage: z.string().nullable(),
      noindex: z.boolean(),
    }),
    blocks: z
      .array(z.looseObject({ type: z.enum(BLOCK_TYPES) }))
      .describe(
        "The blocks as in PUT /api/admin/pages/{slug}, each `{en, ar}` replaced by the locale's text",
      ),
    updatedAt: isoDate.describe("When what is shown was published"),
  }),
});

const EditorPage = z.strictObject({
  page: z.strictObject({
    slug: z.string(),
    builtIn: z.boolean(),
    status: STATUS,
    draft: PageContent,
    published: PageContent.nullable(),
    publishedAt: isoDate.nullable(),
    scheduled: z.strictObject({ at: isoDate, content: PageContent }).nullable(),
    revision: z.int().describe("Send it back with the next save; 0 for a built-in page never saved"),
    updatedAt: isoDate.nullable(),
  }),
});

const PageList = z.strictObject({
  items: z.array(
    z.strictObject({
      slug: z.string(),
      title: z.string(),
      status: STATUS,
      builtIn: z.boolean(),
      updatedAt: isoDate.nullable(),
      publishedAt: isoDate.nullable(),
    }),
  ),
});

const RevisionList = z.strictObject({
  items: z.array(
    z.strictObject({
      id: z.int(),
      number: z.int(),
      kind: z.enum(["create", "save", "restore"]),
      createdAt: isoDate,
      author: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
    }),
  ),
});

export const pageEndpoints: EndpointDoc[] = [
  {
    method: "get",
    route: "api/pages/:slug",
    tag: "Pages",
    summary: "A page's published content",
    description:
      "In the Accept-Language locale (Arabic falling back to English where a text is empty). A draft is never shown; a page never published answers 404.",
    auth: "public",
    params: slugParams,
    responses: { 200: ok("The page as visitors see it", PublicPage) },
    errors: [[404, "not_found"]],
  },
  {
    method: "get",
    route: "api/admin/pages",
    tag: "Pages",
    summary: "Every page, the built-in ones first",
    auth: "admin",
    responses: { 200: ok("The pages", PageList) },
  },
  {
    method: "post",
    route: "api/admin/pages",
    tag: "Pages",
    summary: "Create a landing page",
    description: "Served at /p/{slug} and /ar/p/{slug} once published.",
    auth: "admin",
    body: json(PageCreateInput),
    responses: { 201: ok("The new page, with no blocks (revision 1)", EditorPage) },
    errors: [[409, "slug_taken"]],
  },
  {
    method: "get",
    route: "api/admin/pages/:slug",
    tag: "Pages",
    summary: "A page's draft, what is live, and its revision",
    auth: "admin",
    params: slugParams,
    responses: { 200: ok("The page", EditorPage) },
    errors: [[404, "not_found"]],
  },
  {
    method: "put",
    route: "api/admin/pages/:slug",
    tag: "Pages",
    summary: "Save a page's draft",
    description:
      "Writes the draft and a new revision. `revision` must be the page's latest: a save made from an older copy (someone saved since) is refused with 409 stale_revision and changes nothing.",
    auth: "admin",
    params: slugParams,
    body: json(PageSaveInput),
    responses: { 200: ok("The saved page", EditorPage) },
    errors: [
      [404, "not_found"],
      [409, "stale_revision"],
    ],
  },
  {
    method: "delete",
    route: "api/admin/pages/:slug",
    tag: "Pages",
    summary: "Delete a landing page",
    auth: "admin",
    params: slugParams,
    responses: { 204: ok("Deleted, with its revisions") },
    errors: [
      [404, "not_found"],
      [409, "built_in_page"],
    ],
  },
  {
    method: "post",
    route: "api/admin/pages/:slug/publish",
    tag: "Pages",
    summary: "Publish a page's draft, now or at a set time",
    description: "Every server's caches forget the page when it goes live.",
    auth: "admin",
    params: slugParams,
    body: json(PagePublishInput),
    responses: { 200: ok("The page", EditorPage) },
    errors: [[404, "not_found"]],
  },
  {
    method: "get",
    route: "api/admin/pages/:slug/revisions",
    tag: "Pages",
    summary: "A page's revisions, newest first, with their authors",
    auth: "admin",
    params: slugParams,
    responses: { 200: ok("The revisions", RevisionList) },
    errors: [[404, "not_found"]],
  },
  {
    method: "post",
    route: "api/admin/pages/:slug/revisions/:id/restore",
    tag: "Pages",
    summary: "Restore a revision as the new draft",
    auth: "admin",
    params: textParams({ slug, id: pathId.describe("A revision's id") }),
    responses: { 200: ok("The page, its draft the restored content", EditorPage) },
    errors: [[404, "not_found"]],
  },
];
