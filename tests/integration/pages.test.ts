// The agency's pages through their API (issue 49): a landing page created, saved, published; its draft never
// shown to visitors or the public API; a save from an older revision refused with nothing written; revisions
// listed and restored; the built-in pages never deleted; a scheduled publish live at its time, its job
// announcing it to every server's caches.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSessionSecret } from "../../app/config.server";
import type { DatabaseHandle } from "../../app/db/client.server";
import { onPublicChange, publicChangesListening } from "../../app/db/public-changes.server";
import type { User } from "../../app/db/schema";
import { startJobWorker } from "../../app/jobs/worker.server";
import { BLOCK_TYPES } from "../../app/pages/block-kinds";
import { getPublishedPage, publishPage, savePageDraft } from "../../app/pages/pages.server";
import { signPreviewToken } from "../../app/pages/preview-token";
import { action as editorAction } from "../../app/routes/admin-page";
import { action as adminPageAction, loader as adminPageGet } from "../../app/routes/api/admin-page";
import { action as publishAction } from "../../app/routes/api/admin-page-publish";
import { action as restoreAction } from "../../app/routes/api/admin-page-restore";
import { loader as revisionsLoader } from "../../app/routes/api/admin-page-revisions";
import { action as createAction, loader as listLoader } from "../../app/routes/api/admin-pages";
import { loader as publicPage } from "../../app/routes/api/page";
import { loader as landingLoader } from "../../app/routes/landing-page";
import { DEMO_LANDING_SLUG, seedDemoLandingPage } from "../../app/seed/pages.server";
import { sitemapEntries } from "../../app/seo/sitemap.server";
import { everyBlockContent } from "../fixtures/page-blocks";
import { bearerFor, cookieFor, createUser } from "./auth-helpers";
import { runRoute, settle } from "./route-context";
import { sharedTestMailer } from "./studio-factories";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let admin: User;
let otherAdmin: User;
const auth: Record<string, string> = {};

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await createUser(handle.db, "admin");
  otherAdmin = await createUser(handle.db, "admin");
  auth.admin = await bearerFor(handle.db, admin.id);
  auth.other = await bearerFor(handle.db, otherAdmin.id);
});
afterAll(() => handle?.close());

function api(
  method: string,
  path: string,
  who: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const init: RequestInit & { headers: Record<string, string> } = { method, headers: { ...headers } };
  if (who) init.headers.Authorization = auth[who] ?? "";
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  return new Request(`http://test${path}`, init);
}

async function call(request: Request, handler: unknown, params: Record<string, string> = {}) {
  const result = (await settle(runRoute(handle.db, request, handler as never, params))) as Response;
  const text = await result.text();
  return { status: result.status, body: text ? JSON.parse(text) : null };
}

async function create(slug: string) {
  const created = await call(
    api("POST", "/api/admin/pages", "admin", { slug, title: "Spring sale", titleAr: "تخفيضات الربيع" }),
    createAction,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.page as { revision: number };
}

const save = (slug: string, who: string, body: unknown) =>
  call(api("PUT", `/api/admin/pages/${slug}`, who, body), adminPageAction, { slug });

describe("pages API", () => {
  it("keeps a draft off the public API until it is published, and then shows the published content only", async () => {
    const { revision } = await create("spring-sale");
    expect(revision).toBe(1);
    const saved = await save("spring-sale", "admin", { ...everyBlockContent("Spring"), revision });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.page).toMatchObject({ revision: 2, status: "draft" });

    const before = await call(api("GET", "/api/pages/spring-sale", null), publicPage, {
      slug: "spring-sale",
    });
    expect(before.status).toBe(404);
    expect(before.body.error.code).toBe("not_found");

    const published = await call(
      api("POST", "/api/admin/pages/spring-sale/publish", "admin", {}),
      publishAction,
      { slug: "spring-sale" },
    );
    expect(published.status).toBe(200);
    expect(published.body.page.status).toBe("published");

    // A later draft stays a draft.
    await save("spring-sale", "admin", { ...everyBlockContent("Later draft"), revision: 2 });
    const ar = await call(
      api("GET", "/api/pages/spring-sale", null, undefined, { "Accept-Language": "ar" }),
      publicPage,
      { slug: "spring-sale" },
    );
    expect(ar.status).toBe(200);
    expect(ar.body.page).toMatchObject({
      slug: "spring-sale",
      title: "كل الكتل",
      seo: { title: "عنوان", noindex: false },
    });
    expect(ar.body.page.blocks[0]).toMatchObject({ type: "hero", title: "Hero title عربي" });
    expect(JSON.stringify(ar.body)).not.toContain("Later draft");
    const en = await call(api("GET", "/api/pages/spring-sale", null), publicPage, { slug: "spring-sale" });
    expect(en.body.page.title).toBe("Spring");
    expect(en.body.page.blocks).toHaveLength(12);

    const list = await call(api("GET", "/api/admin/pages", "admin"), listLoader);
    expect(list.body.items.map((item: { slug: string }) => item.slug).slice(0, 8)).toEqual([
      "home",
      "about_us",
      "services",
      "faq",
      "help",
      "safety",
      "privacy",
      "terms",
    ]);
    expect(list.body.items.find((item: { slug: string }) => item.slug === "spring-sale")).toMatchObject({
      status: "changed",
    });
  });

  it("refuses a save made from an older revision, and writes nothing", async () => {
    const { revision } = await create("two-admins");
    const first = await save("two-admins", "admin", { ...everyBlockContent("First"), revision });
    expect(first.status).toBe(200);
    const second = await save("two-admins", "other", { ...everyBlockContent("Second"), revision });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("stale_revision");
    const arabic = await call(
      api(
        "PUT",
        "/api/admin/pages/two-admins",
        "other",
        { ...everyBlockContent("Second"), revision },
        { "Accept-Language": "ar" },
      ),
      adminPageAction,
      { slug: "two-admins" },
    );
    expect(arabic.body.error.message).toContain("حفظ شخص آخر");
    const page = await call(api("GET", "/api/admin/pages/two-admins", "admin"), adminPageGet, {
      slug: "two-admins",
    });
    expect(page.body.page).toMatchObject({ revision: 2, draft: { title: "First" } });
  });

  it("lists revisions with their authors and restores one as the new draft", async () => {
    const { revision } = await create("history");
    await save("history", "admin", { ...everyBlockContent("One"), revision });
    await save("history", "other", { ...everyBlockContent("Two"), revision: revision + 1 });
    const revisions = await call(api("GET", "/api/admin/pages/history/revisions", "admin"), revisionsLoader, {
      slug: "history",
    });
    expect(
      revisions.body.items.map((item: { number: number; kind: string }) => [item.number, item.kind]),
    ).toEqual([
      [3, "save"],
      [2, "save"],
      [1, "create"],
    ]);
    expect(revisions.body.items[0].author).toEqual({ id: otherAdmin.id, name: otherAdmin.name });
    const one = revisions.body.items[1].id;
    const restored = await call(
      api("POST", `/api/admin/pages/history/revisions/${one}/restore`, "admin"),
      restoreAction,
      { slug: "history", id: String(one) },
    );
    expect(restored.status).toBe(200);
    expect(restored.body.page).toMatchObject({ revision: 4, draft: { title: "One" } });
    const foreign = await call(
      api("POST", "/api/admin/pages/spring-sale/revisions/1/restore", "admin"),
      restoreAction,
      { slug: "spring-sale", id: String(one) },
    );
    expect(foreign.status).toBe(404);
  });

  it("never deletes a built-in page; deletes a landing page", async () => {
    const builtIn = await call(api("DELETE", "/api/admin/pages/home", "admin"), adminPageAction, {
      slug: "home",
    });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.error.code).toBe("built_in_page");
    await create("short-lived");
    const deleted = await call(api("DELETE", "/api/admin/pages/short-lived", "admin"), adminPageAction, {
      slug: "short-lived",
    });
    expect(deleted.status).toBe(204);
    const again = await call(api("GET", "/api/admin/pages/short-lived", "admin"), adminPageGet, {
      slug: "short-lived",
    });
    expect(again.status).toBe(404);
  });

  it("edits a built-in page nobody saved yet from revision 0", async () => {
    const page = await call(api("GET", "/api/admin/pages/faq", "admin"), adminPageGet, { slug: "faq" });
    expect(page.body.page).toMatchObject({ slug: "faq", builtIn: true, revision: 0, published: null });
    const saved = await save("faq", "admin", { ...page.body.page.draft, revision: 0 });
    expect(saved.body.page.revision).toBe(1);
  });

  it("refuses a slug that is taken or malformed, and a publish time in the past", async () => {
    const taken = await call(
      api("POST", "/api/admin/pages", "admin", { slug: "about_us", title: "x" }),
      createAction,
    );
    expect(taken.status).toBe(422);
    const dup = await call(
      api("POST", "/api/admin/pages", "admin", { slug: "spring-sale", title: "x" }),
      createAction,
    );
    expect(dup.body.error.code).toBe("slug_taken");
    const past = await call(
      api("POST", "/api/admin/pages/spring-sale/publish", "admin", { at: "2020-01-01T00:00:00Z" }),
      publishAction,
      { slug: "spring-sale" },
    );
    expect(past.status).toBe(422);
  });
});

describe("scheduled publish", () => {
  it("shows the scheduled content from its time, and its job tells every server's caches", async () => {
    const db = handle.db;
    const { revision } = await create("launch");
    await save("launch", "admin", { ...everyBlockContent("Launch"), revision });
    const heard: number[] = [];
    const stop = onPublicChange(db, (topic) => {
      if (topic === "pages") heard.push(Date.now());
    });
    await publicChangesListening(db);
    const worker = await startJobWorker(
      { db, mailer: sharedTestMailer() },
      { pollingIntervalSeconds: 0.5, schedule: false },
    );
    try {
      const at = new Date(Date.now() + 2_500);
      const scheduled = await publishPage(db, "launch", at);
      expect(scheduled.ok && scheduled.page.status).toBe("scheduled");
      expect(await getPublishedPage(db, "launch")).toBeNull();
      // A save after scheduling changes the draft, not what goes live.
      await savePageDraft(db, "launch", everyBlockContent("Changed later"), revision + 1, admin.id);
      const deadline = Date.now() + 20_000;
      while (!heard.some((time) => time >= at.getTime()) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const announced = heard.find((time) => time >= at.getTime());
      expect(announced, "the job's announcement").toBeDefined();
      expect((announced ?? 0) - at.getTime()).toBeLessThan(5_000);
      const live = await getPublishedPage(db, "launch");
      expect(live?.content.title).toBe("Launch");
      expect(live?.updatedAt.getTime()).toBe(at.getTime());
      const page = await call(api("GET", "/api/admin/pages/launch", "admin"), adminPageGet, {
        slug: "launch",
      });
      expect(page.body.page).toMatchObject({
        scheduled: null,
        status: "changed",
        published: { title: "Launch" },
      });
    } finally {
      stop();
      await worker.stop();
    }
  }, 40_000);
});

describe("/p/:slug", () => {
  const page = async (url: string, slug: string) => {
    const result = await settle(
      runRoute(handle.db, new Request(`http://test${url}`), landingLoader as never, { slug }),
    );
    if (result instanceof Response) return { status: result.status, data: null, headers: result.headers };
    const { data, init } = result as {
      data: Awaited<ReturnType<typeof landingLoader>>["data"];
      init: ResponseInit | null;
    };
    return { status: init?.status ?? 200, data, headers: new Headers(init?.headers) };
  };

  it("shows only published content, in each language, and the draft only through a signed preview link", async () => {
    const { revision } = await create("visitors");
    await save("visitors", "admin", { ...everyBlockContent("Visitors"), revision });
    expect((await page("/p/visitors", "visitors")).status).toBe(404);
    await publishPage(handle.db, "visitors", null);
    await savePageDraft(handle.db, "visitors", everyBlockContent("Secret draft"), revision + 1, admin.id);

    const en = await page("/p/visitors", "visitors");
    expect(en.status).toBe(200);
    expect(en.data?.view.title).toBe("Visitors");
    expect(JSON.stringify(en.data)).not.toContain("Secret draft");
    expect(en.data?.noindex).toBe(false);
    expect(en.data?.meta.jsonLd?.[0]).toMatchObject({ "@type": "FAQPage" });
    const ar = await page("/ar/p/visitors", "visitors");
    expect(ar.data?.view.blocks[0]).toMatchObject({ type: "hero", title: "Hero title عربي" });
    expect(ar.data?.meta.title).toContain("عنوان");

    const token = signPreviewToken(getSessionSecret(), "visitors");
    const preview = await page(`/p/visitors?preview=${encodeURIComponent(token)}`, "visitors");
    expect(preview.data?.view).toMatchObject({ title: "Secret draft", preview: true });
    expect(preview.data?.noindex).toBe(true);
    expect(preview.headers.get("Cache-Control")).toBe("private, no-store");
    expect(preview.headers.get("X-Robots-Tag")).toBe("noindex");
    const otherPage = signPreviewToken(getSessionSecret(), "spring-sale");
    expect((await page(`/p/visitors?preview=${otherPage}`, "visitors")).status).toBe(404);
  });

  it("keeps built-in pages at their own addresses and lists indexable landing pages in the sitemap", async () => {
    expect((await page("/p/home", "home")).status).toBe(404);
    const entries = await sitemapEntries(handle.db);
    expect(entries.some((entry) => entry.path === "/p/visitors")).toBe(true);
    const hidden = await create("hidden");
    const content = everyBlockContent("Hidden");
    await save("hidden", "admin", {
      ...content,
      seo: { ...content.seo, noindex: true },
      revision: hidden.revision,
    });
    await publishPage(handle.db, "hidden", null);
    const shown = await page("/p/hidden", "hidden");
    expect(shown.data?.noindex).toBe(true);
    expect(shown.headers.get("X-Robots-Tag")).toBe("noindex");
    expect((await sitemapEntries(handle.db)).some((entry) => entry.path === "/p/hidden")).toBe(false);
  });
});

describe("the block editor's form", () => {
  const post = async (slug: string, fields: Record<string, string>, cookie: string) => {
    const request = new Request(`http://test/dashboard/admin/pages/${slug}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    const result = await settle(runRoute(handle.db, request, editorAction as never, { slug }));
    if (result instanceof Response) return { status: result.status, data: null };
    const { data, init } = result as {
      data: { message: string; errors: Record<string, string> };
      init: ResponseInit | null;
    };
    return { status: init?.status ?? 200, data };
  };

  it("adds a block, saves typed text, refuses a stale save with its message, and publishes", async () => {
    const cookie = await cookieFor(handle.db, admin.id);
    const { revision } = await create("form-page");
    const added = await post(
      "form-page",
      { intent: "add", blockType: "hero", revision: String(revision), title: "Form page" },
      cookie,
    );
    expect(added.status).toBe(302);
    const typed = await post(
      "form-page",
      {
        intent: "save",
        revision: "2",
        title: "Form page",
        "blocks.0.title.en": "Typed hero",
        "blocks.0.title.ar": "واجهة",
      },
      cookie,
    );
    expect(typed.status).toBe(302);
    const stale = await post("form-page", { intent: "save", revision: "2", title: "Someone else" }, cookie);
    expect(stale.status).toBe(409);
    expect(stale.data?.message).toContain("Someone saved this page");
    const invalid = await post(
      "form-page",
      { intent: "save", revision: "3", title: "Form page", "blocks.0.title.en": "" },
      cookie,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.data?.errors["blocks.0.title.en"]).toBeTruthy();
    const published = await post("form-page", { intent: "publish", revision: "3", publishAt: "" }, cookie);
    expect(published.status).toBe(302);
    const live = await getPublishedPage(handle.db, "form-page");
    expect(live?.content.blocks[0]).toMatchObject({ type: "hero", title: { en: "Typed hero", ar: "واجهة" } });
  });
});

describe("the demo landing page", () => {
  it("is seeded once, published, holding every block type", async () => {
    await seedDemoLandingPage(handle.db, admin.id);
    await seedDemoLandingPage(handle.db, admin.id);
    const live = await getPublishedPage(handle.db, DEMO_LANDING_SLUG);
    expect(new Set(live?.content.blocks.map((block) => block.type))).toEqual(new Set(BLOCK_TYPES));
    const revisions = await call(
      api("GET", `/api/admin/pages/${DEMO_LANDING_SLUG}/revisions`, "admin"),
      revisionsLoader,
      {
        slug: DEMO_LANDING_SLUG,
      },
    );
    expect(revisions.body.items).toHaveLength(2);
  });
});
