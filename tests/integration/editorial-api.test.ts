// The editorial JSON API through its routes: /api/blog and /api/portfolio with Bearer tokens, zod, the one
// error shape, paging, visibility (drafts 404 to others, scheduled posts appear when their time comes),
// covers and galleries through the media adapter, multipart case studies.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { mediaUploads, type User } from "../../app/db/schema";
import { storeUpload } from "../../app/media/media.server";
import { action as blogCreate, loader as blogList } from "../../app/routes/api/blog";
import { loader as blogGet, action as blogItem } from "../../app/routes/api/blog-post";
import { action as portfolioCreate, loader as portfolioList } from "../../app/routes/api/portfolio";
import { loader as portfolioGet, action as portfolioItem } from "../../app/routes/api/portfolio-item";
import { bearerFor, createUser } from "./auth-helpers";
import { runRoute, settle } from "./route-context";
import { imageBytes, sharedTestMediaStore } from "./studio-factories";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
const people: Record<"trainer" | "otherTrainer" | "admin" | "learner", User> = {} as never;
const auth: Record<string, string> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  people.trainer = await createUser(handle.db, "trainer");
  people.otherTrainer = await createUser(handle.db, "trainer");
  people.admin = await createUser(handle.db, "admin");
  people.learner = await createUser(handle.db, "user");
  for (const [key, user] of Object.entries(people)) auth[key] = await bearerFor(handle.db, user.id);
});
afterAll(() => handle?.close());

type Who = keyof typeof people | null;

function api(method: string, path: string, who: Who, body?: unknown, headers: Record<string, string> = {}) {
  const init: RequestInit & { headers: Record<string, string> } = { method, headers: { ...headers } };
  if (who) init.headers.Authorization = auth[who] ?? "";
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  return new Request(`http://test${path}`, init);
}

async function call(request: Request, handler: unknown, params: Record<string, string> = {}) {
  const result = (await settle(runRoute(handle.db, request, handler as never, params))) as Response;
  const text = await result.text();
  return { status: result.status, body: text ? JSON.parse(text) : null };
}

const post = {
  title: "Writing for two languages",
  titleAr: "الكتابة بلغتين",
  excerpt: "How we plan bilingual articles.",
  excerptAr: "كيف نخطط للمقالات ثنائية اللغة.",
  body: "## Plan\n\nWrite **both** versions. See [our courses](/courses).",
  bodyAr: "اكتب **النسختين** معًا.",
};

async function createPost(who: Who, fields: Record<string, unknown> = {}) {
  const { status, body } = await call(api("POST", "/api/blog", who, { ...post, ...fields }), blogCreate);
  expect(status, JSON.stringify(body)).toBe(201);
  return body.post as Record<string, unknown> & { id: number };
}

const get = (path: string, who: Who, handler: unknown, id?: number) =>
  call(api("GET", path, who), handler, id === undefined ? {} : { id: String(id) });

describe("/api/blog", () => {
  it("a trainer writes a draft: stored fields plus rendered HTML, invisible to everyone but its editors", async () => {
    const draft = await createPost("trainer");
    expect(draft).toMatchObject({
      title: post.title,
      body: post.body,
      status: "draft",
      publishAt: null,
      isPublic: false,
      author: { id: people.trainer.id, name: people.trainer.name },
      coverImage: null,
    });
    expect(draft.bodyHtml).toContain('<h2 dir="auto">Plan</h2>');
    expect(draft.bodyHtml).toContain(
      '<a href="/courses" rel="noopener noreferrer nofollow" target="_blank">',
    );
    expect(draft.bodyArHtml).toBe('<p dir="auto">اكتب <strong>النسختين</strong> معًا.</p>');

    for (const who of [null, "learner", "otherTrainer"] as const) {
      const one = await get(`/api/blog/${draft.id}`, who, blogGet, draft.id);
      expect(one.status, String(who)).toBe(404);
      expect(one.body.error.code).toBe("not_found");
      const list = await get("/api/blog?limit=50", who, blogList);
      expect(list.body.items.map((item: { id: number }) => item.id)).not.toContain(draft.id);
    }
    for (const who of ["trainer", "admin"] as const) {
      expect((await get(`/api/blog/${draft.id}`, who, blogGet, draft.id)).status).toBe(200);
      const list = await get("/api/blog?limit=50", who, blogList);
      expect(list.body.items.map((item: { id: number }) => item.id)).toContain(draft.id);
    }
  });

  it("publishing makes it public; unpublishing hides it again; the original date is kept across edits", async () => {
    const draft = await createPost("trainer");
    const published = await call(
      api("PUT", `/api/blog/${draft.id}`, "trainer", { status: "published" }),
      blogItem,
      { id: String(draft.id) },
    );
    expect(published.status).toBe(200);
    expect(published.body.post).toMatchObject({ status: "published", isPublic: true });
    const date = published.body.post.publishAt;
    expect((await get(`/api/blog/${draft.id}`, null, blogGet, draft.id)).status).toBe(200);

    const edited = await call(
      api("PUT", `/api/blog/${draft.id}`, "trainer", { title: "Renamed", status: "published" }),
      blogItem,
      { id: String(draft.id) },
    );
    expect(edited.body.post).toMatchObject({ title: "Renamed", publishAt: date, body: post.body });

    const hidden = await call(api("PUT", `/api/blog/${draft.id}`, "admin", { status: "draft" }), blogItem, {
      id: String(draft.id),
    });
    expect(hidden.body.post).toMatchObject({ status: "draft", publishAt: null, isPublic: false });
    expect((await get(`/api/blog/${draft.id}`, null, blogGet, draft.id)).status).toBe(404);
  });

  it("a scheduled post appears by itself once its time has passed", async () => {
    const at = new Date(Date.now() + 1500).toISOString();
    const scheduled = await createPost("admin", { status: "scheduled", publishAt: at });
    expect(scheduled).toMatchObject({ status: "scheduled", publishAt: at, isPublic: false });
    expect((await get(`/api/blog/${scheduled.id}`, null, blogGet, scheduled.id)).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    const now = await get(`/api/blog/${scheduled.id}`, null, blogGet, scheduled.id);
    expect(now.status).toBe(200);
    expect(now.body.post.isPublic).toBe(true);
  });

  it("pages the public list: {items, total, limit, offset}, newest first", async () => {
    for (let index = 0; index < 3; index++)
      await createPost("admin", { title: `Paged ${index}`, status: "published" });
    const all = await get("/api/blog?limit=50&offset=0", null, blogList);
    expect(all.status).toBe(200);
    const total = all.body.total as number;
    expect(total).toBe(all.body.items.length);
    expect(all.body.items.every((item: { isPublic: boolean }) => item.isPublic)).toBe(true);
    const first = await get("/api/blog?limit=2&offset=0", null, blogList);
    const second = await get("/api/blog?limit=2&offset=2", null, blogList);
    expect(first.body).toMatchObject({ total, limit: 2, offset: 0 });
    expect(second.body).toMatchObject({ total, limit: 2, offset: 2 });
    expect([...first.body.items, ...second.body.items].map((item: { id: number }) => item.id)).toEqual(
      all.body.items.slice(0, 4).map((item: { id: number }) => item.id),
    );
    const defaults = await get("/api/blog", null, blogList);
    expect(defaults.body).toMatchObject({ limit: 10, offset: 0 });
    for (const query of ["limit=0", "limit=51", "offset=-1", "limit=abc", "offset=x"]) {
      const bad = await get(`/api/blog?${query}`, null, blogList);
      expect(bad.status, query).toBe(422);
      expect(bad.body.error.code).toBe("validation_failed");
    }
  });

  it("refuses invalid bodies with 422 and localized field errors", async () => {
    const missing = await call(api("POST", "/api/blog", "trainer", { title: "" }), blogCreate);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.error.fields)).toEqual(
      expect.arrayContaining(["title", "excerpt", "body"]),
    );
    const arabic = await call(
      api("POST", "/api/blog", "trainer", { title: "" }, { "Accept-Language": "ar" }),
      blogCreate,
    );
    expect(arabic.body.error.fields.title).toBe("أدخل عنوانًا.");
    const noDate = await call(
      api("POST", "/api/blog", "trainer", { ...post, status: "scheduled" }),
      blogCreate,
    );
    expect(noDate.status).toBe(422);
    expect(noDate.body.error.fields).toHaveProperty("publishAt");
    const future = await call(
      api("POST", "/api/blog", "trainer", {
        ...post,
        status: "published",
        publishAt: "2099-01-01T00:00:00Z",
      }),
      blogCreate,
    );
    expect(future.status).toBe(422);
    for (const publishAt of ["tomorrow", "2026-13-01T00:00:00Z", "2026-12-01T10:00"]) {
      const bad = await call(
        api("POST", "/api/blog", "trainer", { ...post, status: "scheduled", publishAt }),
        blogCreate,
      );
      expect(bad.status, publishAt).toBe(422);
    }
    const nul = await call(api("POST", "/api/blog", "trainer", { ...post, body: "a\u0000b" }), blogCreate);
    expect(nul.status).toBe(422);
    const status = await call(api("POST", "/api/blog", "trainer", { ...post, status: "live" }), blogCreate);
    expect(status.status).toBe(422);
  });

  it("trainers edit only their own posts; learners and guests write nothing", async () => {
    const mine = await createPost("trainer", { status: "published" });
    const draft = await createPost("trainer");
    const put = (id: number, who: Who) =>
      call(api("PUT", `/api/blog/${id}`, who, { title: "Taken" }), blogItem, { id: String(id) });
    expect((await put(mine.id, "otherTrainer")).status).toBe(403);
    expect((await put(draft.id, "otherTrainer")).status).toBe(404);
    expect((await put(mine.id, "learner")).status).toBe(403);
    expect((await put(mine.id, null)).status).toBe(401);
    expect((await call(api("POST", "/api/blog", "learner", post), blogCreate)).status).toBe(403);
    expect((await call(api("POST", "/api/blog", null, post), blogCreate)).status).toBe(401);
    const del = (who: Who) =>
      call(api("DELETE", `/api/blog/${mine.id}`, who), blogItem, { id: String(mine.id) });
    expect((await del("otherTrainer")).status).toBe(403);
    expect((await del("admin")).status).toBe(204);
    expect((await get(`/api/blog/${mine.id}`, "admin", blogGet, mine.id)).status).toBe(404);
    expect((await del("admin")).status).toBe(404);
  });

  it("covers: an own upload is attached, someone else's is refused, a replaced one is deleted", async () => {
    const store = sharedTestMediaStore();
    const upload = async (who: User) => {
      const stored = await storeUpload(handle.db, store, who, {
        bytes: await imageBytes("png"),
        kind: "png",
      });
      if (!stored.ok) throw new Error("upload failed");
      return stored.media;
    };
    const first = await upload(people.trainer);
    const second = await upload(people.trainer);
    const foreign = await upload(people.otherTrainer);
    const created = await createPost("trainer", {
      coverImage: { url: first.url, public_id: first.publicId },
    });
    expect(created.coverImage).toEqual({ url: first.url, public_id: first.publicId });
    const refused = await call(
      api("PUT", `/api/blog/${created.id}`, "trainer", { coverImage: { public_id: foreign.publicId } }),
      blogItem,
      { id: String(created.id) },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toHaveProperty("coverImage");
    const replaced = await call(
      api("PUT", `/api/blog/${created.id}`, "trainer", { coverImage: { public_id: second.publicId } }),
      blogItem,
      { id: String(created.id) },
    );
    expect(replaced.body.post.coverImage.public_id).toBe(second.publicId);
    expect(await handle.db.$count(mediaUploads, eq(mediaUploads.publicId, first.publicId))).toBe(0);
    const removed = await call(
      api("PUT", `/api/blog/${created.id}`, "trainer", { coverImage: null }),
      blogItem,
      {
        id: String(created.id),
      },
    );
    expect(removed.body.post.coverImage).toBeNull();
    expect(await handle.db.$count(mediaUploads, eq(mediaUploads.publicId, second.publicId))).toBe(0);
  });

  it("answers 405 with Allow for other methods and 404 JSON for ids that cannot exist", async () => {
    const patch = await call(api("PATCH", "/api/blog", "admin", {}), blogCreate);
    expect(patch.status).toBe(405);
    for (const id of ["0", "abc", "2147483648"]) {
      expect((await get(`/api/blog/${id}`, null, blogGet, id as never)).status).toBe(404);
    }
  });
});

const caseStudy = {
  title: "A coffee subscription",
  clientName: "Hail Roastery",
  clientNameAr: "محمصة هيل",
  sector: "Food",
  problem: "Orders were **slow**.",
  strategy: "- Arabic first\n- Subscriptions",
  result: "Orders grew *tenfold*.",
  resultAr: "تضاعفت الطلبات عشر مرات.",
};

describe("/api/portfolio", () => {
  it("admins only write case studies; trainers never", async () => {
    expect((await call(api("POST", "/api/portfolio", "trainer", caseStudy), portfolioCreate)).status).toBe(
      403,
    );
    expect((await call(api("POST", "/api/portfolio", null, caseStudy), portfolioCreate)).status).toBe(401);
  });

  it("JSON with already-uploaded images: a gallery in order with alt texts; drafts are 404 to others", async () => {
    const store = sharedTestMediaStore();
    const uploads = [];
    for (let index = 0; index < 3; index++) {
      const stored = await storeUpload(handle.db, store, people.admin, {
        bytes: await imageBytes("jpeg"),
        kind: "jpeg",
      });
      if (!stored.ok) throw new Error("upload failed");
      uploads.push(stored.media);
    }
    const created = await call(
      api("POST", "/api/portfolio", "admin", {
        ...caseStudy,
        images: uploads.map((media, index) => ({
          url: media.url,
          public_id: media.publicId,
          alt: `Shot ${index}`,
        })),
      }),
      portfolioCreate,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const item = created.body.caseStudy;
    expect(item).toMatchObject({ status: "draft", isPublic: false, clientNameAr: "محمصة هيل" });
    expect(item.problemHtml).toBe('<p dir="auto">Orders were <strong>slow</strong>.</p>');
    expect(item.strategyHtml).toContain('<li dir="auto">Arabic first</li>');
    expect(item.images).toEqual(
      uploads.map((media, index) => ({
        url: media.url,
        public_id: media.publicId,
        alt: `Shot ${index}`,
        altAr: null,
      })),
    );
    const id = String(item.id);
    expect((await get(`/api/portfolio/${id}`, null, portfolioGet, item.id)).status).toBe(404);
    expect((await get(`/api/portfolio/${id}`, "trainer", portfolioGet, item.id)).status).toBe(404);
    expect((await get(`/api/portfolio/${id}`, "admin", portfolioGet, item.id)).status).toBe(200);

    // Reorder (last first), drop the middle one, publish.
    const [a, b, c] = item.images;
    const updated = await call(
      api("PUT", `/api/portfolio/${id}`, "admin", {
        images: [{ ...c, alt: "Now first" }, a],
        status: "published",
      }),
      portfolioItem,
      { id },
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.caseStudy.images.map((image: { public_id: string }) => image.public_id)).toEqual([
      c.public_id,
      a.public_id,
    ]);
    expect(updated.body.caseStudy.images[0].alt).toBe("Now first");
    expect(await handle.db.$count(mediaUploads, eq(mediaUploads.publicId, b.public_id))).toBe(0);
    const list = await get("/api/portfolio?limit=50", null, portfolioList);
    expect(list.body.items.map((entry: { id: number }) => entry.id)).toContain(item.id);

    const deleted = await call(api("DELETE", `/api/portfolio/${id}`, "admin"), portfolioItem, { id });
    expect(deleted.status).toBe(204);
    expect(await handle.db.$count(mediaUploads, eq(mediaUploads.publicId, a.public_id))).toBe(0);
  });

  it("multipart: the fields plus `images` files, stored through the media adapter in order", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(caseStudy)) form.set(key, value);
    form.set("status", "published");
    for (const [index, format] of (["png", "jpeg", "webp"] as const).entries()) {
      form.append("images", new File([new Uint8Array(await imageBytes(format))], `shot-${index}.${format}`));
      form.append("alt", `Alt ${index}`);
    }
    const created = await call(api("POST", "/api/portfolio", "admin", form), portfolioCreate);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const item = created.body.caseStudy;
    expect(item.images).toHaveLength(3);
    expect(item.images.map((image: { alt: string }) => image.alt)).toEqual(["Alt 0", "Alt 1", "Alt 2"]);
    expect(item).toMatchObject({ status: "published", isPublic: true });
    expect((await get(`/api/portfolio/${item.id}`, null, portfolioGet, item.id)).status).toBe(200);
  });

  it("multipart refusals: a missing field is 422 and stores no file; a non-image is 415", async () => {
    const before = await handle.db.$count(mediaUploads);
    const form = new FormData();
    form.set("title", "No client");
    form.append("images", new File([new Uint8Array(await imageBytes("png"))], "a.png"));
    const missing = await call(api("POST", "/api/portfolio", "admin", form), portfolioCreate);
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields).toHaveProperty("clientName");
    expect(await handle.db.$count(mediaUploads)).toBe(before);
    const bad = new FormData();
    for (const [key, value] of Object.entries(caseStudy)) bad.set(key, value);
    bad.append("images", new File(["<svg onload=alert(1)>"], "x.svg"));
    const refused = await call(api("POST", "/api/portfolio", "admin", bad), portfolioCreate);
    expect(refused.status).toBe(415);
    expect(await handle.db.$count(mediaUploads)).toBe(before);
  });

  it("an image that is not the caller's upload is refused with 422", async () => {
    const refused = await call(
      api("POST", "/api/portfolio", "admin", {
        ...caseStudy,
        images: [{ public_id: `manara_${"0".repeat(32)}` }],
      }),
      portfolioCreate,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toHaveProperty("images");
  });
});
