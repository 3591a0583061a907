// The editors and public pages through their route modules: plain-form actions with localized field errors
// that keep what was typed, the Preview submit (renders, saves nothing), publishing, drafts that 404 to
// others, the gallery (upload several, reorder, alt texts, remove) and the Atom feeds.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicOrigin } from "../../app/config.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { blogPosts, portfolioItems, type User } from "../../app/db/schema";
import { loader as blogPage } from "../../app/routes/blog";
import { loader as blogFeed } from "../../app/routes/blog-feed";
import { loader as blogPostPage } from "../../app/routes/blog-post";
import { loader as caseEditor, action as caseEditorAction } from "../../app/routes/editor-case-study";
import { action as newCaseAction } from "../../app/routes/editor-case-study-new";
import { loader as postEditor, action as postEditorAction } from "../../app/routes/editor-post";
import { action as newPostAction } from "../../app/routes/editor-post-new";
import { loader as postList } from "../../app/routes/editor-posts";
import { loader as portfolioItemPage } from "../../app/routes/portfolio-item";
import { cookieFor, createUser } from "./auth-helpers";
import { formRequest, runRoute, settle } from "./route-context";
import { imageBytes } from "./studio-factories";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
const people: Record<"trainer" | "otherTrainer" | "admin", User> = {} as never;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  people.trainer = await createUser(handle.db, "trainer");
  people.otherTrainer = await createUser(handle.db, "trainer");
  people.admin = await createUser(handle.db, "admin");
  for (const [key, user] of Object.entries(people)) cookies[key] = await cookieFor(handle.db, user.id);
});
afterAll(() => handle?.close());

type Who = keyof typeof people | null;

function page(path: string, who: Who, fields?: Record<string, string> | FormData): Request {
  const headers: Record<string, string> = who ? { Cookie: cookies[who] ?? "" } : {};
  if (fields instanceof FormData)
    return new Request(`http://test${path}`, { method: "POST", headers, body: fields });
  if (fields) {
    const request = formRequest(`http://test${path}`, fields);
    for (const [key, value] of Object.entries(headers)) request.headers.set(key, value);
    return request;
  }
  return new Request(`http://test${path}`, { headers });
}

const run = (request: Request, handler: unknown, params: Record<string, string> = {}) =>
  settle(runRoute(handle.db, request, handler as never, params));

/** A data() result or a Response, as status and body. */
function unwrap(result: unknown): { status: number; body: Record<string, unknown> } {
  if (result instanceof Response) return { status: result.status, body: {} };
  const value = result as { init?: { status?: number }; data?: Record<string, unknown> };
  if (value && "data" in value) return { status: value.init?.status ?? 200, body: value.data ?? {} };
  return { status: 200, body: value as Record<string, unknown> };
}

const postFields = {
  title: "Community post",
  titleAr: "",
  excerpt: "A short summary.",
  excerptAr: "",
  body: "Hello **readers**.",
  bodyAr: "",
  status: "draft",
  publishAt: "",
};

async function newPost(who: Who, fields: Record<string, string> = {}, area = "/instructor/blog") {
  const result = await run(
    page(`${area}/new`, who, { intent: "save", ...postFields, ...fields }),
    newPostAction,
  );
  expect(result).toBeInstanceOf(Response);
  const location = (result as Response).headers.get("Location") ?? "";
  expect(location).toMatch(new RegExp(`${area}/\\d+$`));
  return Number(location.split("/").pop());
}

describe("the post editor", () => {
  it("keeps what was typed and shows localized field errors", async () => {
    const before = await handle.db.$count(blogPosts);
    const result = unwrap(
      await run(
        page("/ar/instructor/blog/new", "trainer", {
          intent: "save",
          ...postFields,
          title: "",
          body: "kept body",
        }),
        newPostAction,
      ),
    );
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toMatchObject({ title: "أدخل عنوانًا." });
    expect(result.body.values).toMatchObject({ body: "kept body", excerpt: "A short summary." });
    const scheduled = unwrap(
      await run(
        page("/instructor/blog/new", "trainer", { intent: "save", ...postFields, status: "scheduled" }),
        newPostAction,
      ),
    );
    expect(scheduled.status).toBe(422);
    expect(scheduled.body.fieldErrors).toMatchObject({ publishAt: "A scheduled item needs a publish date." });
    expect(await handle.db.$count(blogPosts)).toBe(before);
  });

  it("Preview renders the typed Markdown, sanitized, and saves nothing", async () => {
    const before = await handle.db.$count(blogPosts);
    const result = unwrap(
      await run(
        page("/instructor/blog/new", "trainer", {
          intent: "preview",
          ...postFields,
          title: "",
          body: "# Big\n\nText <script>alert(1)</script> *kept*",
        }),
        newPostAction,
      ),
    );
    expect(result.status).toBe(200);
    const preview = result.body.preview as Record<string, string>;
    // The script shows as text, inert (issue 43, item 5).
    expect(preview.body).toBe(
      '<h2 dir="auto">Big</h2>\n<p dir="auto">Text &lt;script&gt;alert(1)&lt;/script&gt; <em>kept</em></p>',
    );
    expect(result.body.values).toMatchObject({ body: "# Big\n\nText <script>alert(1)</script> *kept*" });
    expect(await handle.db.$count(blogPosts)).toBe(before);
  });

  it("a trainer writes, publishes and unpublishes their own post; drafts 404 to others", async () => {
    const id = await newPost("trainer");
    const params = { id: String(id) };
    // The draft: its author may read it (with a banner), nobody else.
    expect(unwrap(await run(page(`/blog/${id}`, null), blogPostPage, params)).status).toBe(404);
    expect(unwrap(await run(page(`/blog/${id}`, "otherTrainer"), blogPostPage, params)).status).toBe(404);
    const own = unwrap(await run(page(`/blog/${id}`, "trainer"), blogPostPage, params));
    expect(own.body.post).toMatchObject({ isPublic: false, status: "draft" });
    expect(own.body.editPath).toBe(`/instructor/blog/${id}`);
    // Another trainer cannot open its editor; learners are refused the area.
    expect(unwrap(await run(page(`/instructor/blog/${id}`, "otherTrainer"), postEditor, params)).status).toBe(
      404,
    );

    const published = await run(
      page(`/instructor/blog/${id}`, "trainer", { intent: "save", ...postFields, status: "published" }),
      postEditorAction,
      params,
    );
    expect((published as Response).status).toBe(302);
    const publicPage = unwrap(await run(page(`/blog/${id}`, null), blogPostPage, params));
    expect(publicPage.body.post).toMatchObject({
      isPublic: true,
      bodyHtml: '<p dir="auto">Hello <strong>readers</strong>.</p>',
    });
    expect(unwrap(await run(page(`/instructor/blog/${id}`, "otherTrainer"), postEditor, params)).status).toBe(
      403,
    );
    const list = unwrap(await run(page("/blog", null), blogPage));
    expect((list.body.posts as { id: number }[]).map((post) => post.id)).toContain(id);

    await run(page(`/instructor/blog/${id}`, "trainer", { intent: "unpublish" }), postEditorAction, params);
    expect(unwrap(await run(page(`/blog/${id}`, null), blogPostPage, params)).status).toBe(404);
    const after = unwrap(await run(page("/blog", null), blogPage));
    expect((after.body.posts as { id: number }[]).map((post) => post.id)).not.toContain(id);
  });

  it("lists a trainer's own posts under /instructor/blog and every post for admins", async () => {
    const mine = await newPost("trainer", { title: "Mine" });
    const theirs = await newPost("otherTrainer", { title: "Theirs" });
    const trainerList = unwrap(await run(page("/instructor/blog", "trainer"), postList));
    const ids = (trainerList.body.posts as { id: number }[]).map((post) => post.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    const adminList = unwrap(await run(page("/dashboard/admin/blog", "admin"), postList));
    const all = (adminList.body.posts as { id: number }[]).map((post) => post.id);
    expect(all).toEqual(expect.arrayContaining([mine, theirs]));
    // Admins edit any post in the dashboard.
    expect(
      unwrap(await run(page(`/dashboard/admin/blog/${theirs}`, "admin"), postEditor, { id: String(theirs) }))
        .status,
    ).toBe(200);
  });

  it("uploads a cover through the media adapter and deletes the post", async () => {
    const id = await newPost("trainer", { status: "published" });
    const params = { id: String(id) };
    const form = new FormData();
    form.set("file", new File([new Uint8Array(await imageBytes("jpeg"))], "cover.jpg"));
    const uploaded = await run(page(`/instructor/blog/${id}`, "trainer", form), postEditorAction, params);
    expect((uploaded as Response).status).toBe(302);
    const coverOf = async () =>
      (unwrap(await run(page(`/blog/${id}`, null), blogPostPage, params)).body.post as { cover: string })
        .cover;
    const cover = await coverOf();
    expect(cover).toMatch(/^\/media\/images\/manara_[0-9a-f]{32}\.webp$/);
    const bad = new FormData();
    bad.set("file", new File(["not an image"], "cover.jpg"));
    const refused = unwrap(
      await run(page(`/instructor/blog/${id}`, "trainer", bad), postEditorAction, params),
    );
    expect(refused.status).toBe(415);
    expect(refused.body.coverError).toBe("Only JPEG, PNG, WebP and AVIF images are accepted.");
    // A refused upload leaves the cover it would have replaced.
    expect(await coverOf()).toBe(cover);
    const deleted = await run(
      page(`/instructor/blog/${id}`, "trainer", { intent: "delete" }),
      postEditorAction,
      params,
    );
    expect((deleted as Response).headers.get("Location")).toBe("/instructor/blog");
    expect(unwrap(await run(page(`/blog/${id}`, null), blogPostPage, params)).status).toBe(404);
  });
});

describe("feeds", () => {
  it("an Atom feed per language with public posts only", async () => {
    const published = await newPost(
      "admin",
      { title: "Feed <b>post</b>", titleAr: "مقال الخلاصة", status: "published" },
      "/dashboard/admin/blog",
    );
    const draft = await newPost("admin", { title: "Secret draft" }, "/dashboard/admin/blog");
    const english = (await run(page("/blog/feed.xml", null), blogFeed)) as Response;
    expect(english.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await english.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom" xml:lang="en"/,
    );
    expect(xml).toContain(`<id>${publicOrigin()}/blog/${published}</id>`);
    expect(xml).toContain("<title>Feed &lt;b&gt;post&lt;/b&gt;</title>");
    expect(xml).toContain('<content type="html">&lt;p dir=&quot;auto&quot;&gt;Hello &lt;strong&gt;readers');
    expect(xml).not.toContain("Secret draft");
    expect(xml).not.toContain(`/blog/${draft}<`);
    const arabic = await ((await run(page("/ar/blog/feed.xml", null), blogFeed)) as Response).text();
    expect(arabic).toContain('xml:lang="ar"');
    expect(arabic).toContain(`<id>${publicOrigin()}/ar/blog/${published}</id>`);
    expect(arabic).toContain("<title>مقال الخلاصة</title>");
    expect(arabic).toContain("<title>مدونة منارة</title>");
  });

  it("the blog page links its feed", async () => {
    const english = unwrap(await run(page("/blog", null), blogPage));
    expect(english.body.feed).toMatchObject({ href: "/blog/feed.xml" });
    const arabic = unwrap(await run(page("/ar/blog", null), blogPage));
    expect(arabic.body.feed).toMatchObject({ href: "/ar/blog/feed.xml", title: "مدونة منارة" });
  });
});

const caseFields = {
  title: "Gallery case",
  titleAr: "",
  clientName: "Client",
  clientNameAr: "",
  sector: "",
  sectorAr: "",
  problem: "P",
  problemAr: "",
  strategy: "S",
  strategyAr: "",
  result: "R",
  resultAr: "",
  status: "draft",
  publishAt: "",
};

describe("the case study editor", () => {
  it("admins only; the gallery: upload three, reorder, describe, remove", async () => {
    expect(
      unwrap(
        await run(
          page("/dashboard/admin/portfolio/new", "trainer", { intent: "save", ...caseFields }),
          newCaseAction,
        ),
      ).status,
    ).toBe(403);
    const created = (await run(
      page("/dashboard/admin/portfolio/new", "admin", { intent: "save", ...caseFields }),
      newCaseAction,
    )) as Response;
    const id = Number(created.headers.get("Location")?.split("/").pop());
    const params = { id: String(id) };
    expect(unwrap(await run(page(`/portfolio/${id}`, null), portfolioItemPage, params)).status).toBe(404);

    const form = new FormData();
    for (const format of ["png", "jpeg", "webp"] as const)
      form.append("images", new File([new Uint8Array(await imageBytes(format))], `x.${format}`));
    const uploaded = await run(
      page(`/dashboard/admin/portfolio/${id}`, "admin", form),
      caseEditorAction,
      params,
    );
    expect((uploaded as Response).status).toBe(302);
    const loaded = unwrap(await run(page(`/dashboard/admin/portfolio/${id}`, "admin"), caseEditor, params));
    const gallery = loaded.body.gallery as { key: string }[];
    expect(gallery).toHaveLength(3);
    const keys = gallery.map((image) => image.key);

    const galleryForm = (extra: Record<string, string>, alts = ["one", "two", "three"]) => {
      const body = new URLSearchParams({ intent: "gallery", ...extra });
      for (const [index, key] of keys.entries()) {
        body.append("imageKey", key);
        body.append("alt", alts[index] ?? "");
        body.append("altAr", index === 0 ? "الأولى" : "");
      }
      const request = new Request(`http://test/dashboard/admin/portfolio/${id}`, { method: "POST", body });
      request.headers.set("Cookie", cookies.admin ?? "");
      return request;
    };
    await run(galleryForm({ move: "down:0" }), caseEditorAction, params);
    let [row] = await handle.db.select().from(portfolioItems).where(eqId(id));
    expect(row?.images.map((image) => image.publicId)).toEqual([keys[1], keys[0], keys[2]]);
    expect(row?.images.map((image) => image.alt)).toEqual(["two", "one", "three"]);
    expect(row?.images[1]?.altAr).toBe("الأولى");

    keys.splice(0, 3, ...(row?.images.map((image) => image.publicId ?? "") ?? []));
    await run(galleryForm({ remove: "2" }, ["two", "one", "three"]), caseEditorAction, params);
    [row] = await handle.db.select().from(portfolioItems).where(eqId(id));
    expect(row?.images).toHaveLength(2);

    const bogus = unwrap(await run(galleryForm({ move: "up:0" }), caseEditorAction, params));
    expect(bogus.status).toBe(400);

    await run(
      page(`/dashboard/admin/portfolio/${id}`, "admin", {
        intent: "save",
        ...caseFields,
        status: "published",
      }),
      caseEditorAction,
      params,
    );
    const view = unwrap(await run(page(`/portfolio/${id}`, null), portfolioItemPage, params));
    expect((view.body.item as { images: { alt: string }[] }).images.map((image) => image.alt)).toEqual([
      "two",
      "one",
    ]);
  });
});

const eqId = (id: number) => eq(portfolioItems.id, id);
