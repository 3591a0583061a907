// Catalog search and filters, the courses API, favourites and the cart, through routes and middleware.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { cartItems, courses, enrollments, favorites, type User } from "../../app/db/schema";
import { loader as apiCourse } from "../../app/routes/api/course";
import { action as apiFavorite } from "../../app/routes/api/course-favorite";
import { loader as apiCourses } from "../../app/routes/api/courses";
import { loader as apiFavoritesList } from "../../app/routes/api/favorites-list";
import { action as loginAction } from "../../app/routes/auth-login";
import { action as cartAction, loader as cartLoader } from "../../app/routes/cart";
import { action as checkoutAction } from "../../app/routes/checkout";
import { action as courseAction, loader as courseLoader } from "../../app/routes/course";
import { loader as coursesLoader } from "../../app/routes/courses";
import { bearerFor, cookieFor, cookiesFrom, createUser, TEST_PASSWORD } from "./auth-helpers";
import { formRequest, runRoute, settle } from "./route-context";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let trainer: User;
const ids = { react: 0, data: 0, free: 0, draft: 0 };

beforeAll(async () => {
  handle = await createTestDatabase();
  trainer = await createUser(handle.db, "trainer");
  const base = { trainerId: trainer.id, isPublished: true };
  const rows = await handle.db
    .insert(courses)
    .values([
      {
        ...base,
        slug: "react",
        title: "React for teams",
        titleAr: "ريآكت للفرق",
        description: "Components and hooks",
        category: "web-development",
        price: 4900,
        createdAt: new Date("2026-01-03"),
      },
      {
        ...base,
        slug: "data",
        title: "Data pipelines",
        titleAr: "إدارة البيانات",
        description: "ETL with Python",
        category: "data-science",
        price: 1500,
        createdAt: new Date("2026-01-02"),
      },
      {
        ...base,
        slug: "free",
        title: "Intro to the cloud",
        titleAr: "مدخل إلى السحابة",
        description: "100% free_start",
        category: "cloud-computing",
        price: 0,
        createdAt: new Date("2026-01-01"),
      },
      {
        ...base,
        slug: "draft",
        title: "Secret draft",
        description: "Not yet",
        category: "web-development",
        price: 100,
        isPublished: false,
      },
    ])
    .returning({ id: courses.id, slug: courses.slug });
  for (const row of rows) ids[row.slug as keyof typeof ids] = row.id;
});
afterAll(() => handle?.close());

const run = <T>(request: Request, handler: unknown, params: Record<string, string> = {}) =>
  runRoute(handle.db, request, handler as never, params) as Promise<T>;

type CoursesPage = {
  courses: { id: number; title: string }[];
  total: number;
  filters: { q: string; sort: string };
};

describe("catalog page", () => {
  it("lists published courses only, newest first", async () => {
    const page = await run<CoursesPage>(new Request("http://test/courses"), coursesLoader);
    expect(page.courses.map((course) => course.id)).toEqual([ids.react, ids.data, ids.free]);
  });

  it("filters by category and sorts by price", async () => {
    const byCategory = await run<CoursesPage>(
      new Request("http://test/courses?category=data-science"),
      coursesLoader,
    );
    expect(byCategory.courses.map((course) => course.id)).toEqual([ids.data]);
    const cheapest = await run<CoursesPage>(new Request("http://test/courses?sort=price-asc"), coursesLoader);
    expect(cheapest.courses.map((course) => course.id)).toEqual([ids.free, ids.data, ids.react]);
    const dearest = await run<CoursesPage>(new Request("http://test/courses?sort=price-desc"), coursesLoader);
    expect(dearest.courses[0]?.id).toBe(ids.react);
  });

  it("searches titles and descriptions in both languages, folding Arabic letter variants", async () => {
    const search = async (q: string) =>
      (
        await run<CoursesPage>(
          new Request(`http://test/ar/courses?${new URLSearchParams({ q })}`),
          coursesLoader,
        )
      ).courses.map((course) => course.id);
    expect(await search("HOOKS")).toEqual([ids.react]);
    expect(await search("اداره")).toEqual([ids.data]); // typed without hamza or taa marbuta
    expect(await search("السَّحابة")).toEqual([ids.free]); // with diacritics
    expect(await search("secret")).toEqual([]); // drafts never show
    expect(await search("100%")).toEqual([ids.free]); // % is literal, not a wildcard
    expect(await search("_")).toEqual([ids.free]);
  });

  it("finds technology names typed in Arabic script through the glossary", async () => {
    const search = async (q: string) =>
      (
        await run<CoursesPage>(
          new Request(`http://test/ar/courses?${new URLSearchParams({ q })}`),
          coursesLoader,
        )
      ).courses.map((course) => course.id);
    expect(await search("بايثون")).toEqual([ids.data]); // "ETL with Python"
    expect(await search("بايثون")).toEqual(await search("python"));
    expect(await search("رياكت")).toEqual([ids.react]);
    expect(await search("بايثونات")).toEqual([]); // only whole words are translated
  });

  it("falls back to no filter for invalid parameters", async () => {
    const page = await run<CoursesPage>(
      new Request("http://test/courses?category=nope&sort=evil&page=-3"),
      coursesLoader,
    );
    expect(page.total).toBe(3);
    expect(page.filters.sort).toBe("newest");
  });
});

describe("courses API", () => {
  it("pages with {items, total, limit, offset} and currency units", async () => {
    const response = await run<Response>(new Request("http://test/api/courses?limit=2&offset=1"), apiCourses);
    const body = await response.json();
    expect(body).toMatchObject({ total: 3, limit: 2, offset: 1 });
    expect(body.items.map((item: { id: number }) => item.id)).toEqual([ids.data, ids.free]);
    expect(body.items[0]).toMatchObject({
      price: 15,
      image: { url: "/images/course.jpg" },
      category: "data-science",
    });
  });

  it("answers 422 for bad paging and localizes titles with Accept-Language", async () => {
    const bad = await run<Response>(new Request("http://test/api/courses?limit=500"), apiCourses);
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.fields.limit).toBeTruthy();
    const arabic = await run<Response>(
      new Request("http://test/api/courses?q=react", { headers: { "Accept-Language": "ar" } }),
      apiCourses,
    );
    expect((await arabic.json()).items[0].title).toBe("ريآكت للفرق");
  });

  it("shows a course with lesson titles only, and a draft only to its trainer and admins", async () => {
    const published = await run<Response>(new Request("http://test/api/courses/x"), apiCourse, {
      id: String(ids.react),
    });
    expect(published.status).toBe(200);
    expect(JSON.stringify(await published.json())).not.toMatch(/embedUrl|pdfUrl|vimeo/);
    const asGuest = await run<Response>(new Request("http://test/api/courses/x"), apiCourse, {
      id: String(ids.draft),
    });
    expect(asGuest.status).toBe(404);
    const learner = await createUser(handle.db);
    const asLearner = await run<Response>(
      new Request("http://test/api/courses/x", {
        headers: { Authorization: await bearerFor(handle.db, learner.id) },
      }),
      apiCourse,
      { id: String(ids.draft) },
    );
    expect(asLearner.status).toBe(404);
    const asOwner = await run<Response>(
      new Request("http://test/api/courses/x", {
        headers: { Authorization: await bearerFor(handle.db, trainer.id) },
      }),
      apiCourse,
      { id: String(ids.draft) },
    );
    expect(asOwner.status).toBe(200);
    const admin = await createUser(handle.db, "admin");
    const page = await settle(
      run(
        new Request("http://test/courses/x", { headers: { Cookie: await cookieFor(handle.db, admin.id) } }),
        courseLoader,
        {
          id: String(ids.draft),
        },
      ),
    );
    expect(page).not.toBeInstanceOf(Response);
  });
});

describe("favourites", () => {
  it("toggles through the API and shows in the list and in /me's favorites", async () => {
    const user = await createUser(handle.db);
    const auth = { Authorization: await bearerFor(handle.db, user.id) };
    const toggle = () =>
      run<Response>(
        new Request("http://test/api/courses/x/favorite", { method: "POST", headers: auth }),
        apiFavorite,
        {
          id: String(ids.data),
        },
      );
    expect(await (await toggle()).json()).toEqual({ favorited: true });
    const list = await (
      await run<Response>(
        new Request("http://test/api/courses/favorites/list", { headers: auth }),
        apiFavoritesList,
      )
    ).json();
    expect(list.items.map((item: { id: number }) => item.id)).toEqual([ids.data]);
    expect(await (await toggle()).json()).toEqual({ favorited: false });
    const drafted = await run<Response>(
      new Request("http://test/api/courses/x/favorite", { method: "POST", headers: auth }),
      apiFavorite,
      { id: String(ids.draft) },
    );
    expect(drafted.status).toBe(404);
  });

  it("the page form sets the wanted state, so a double submit without JavaScript does not undo itself", async () => {
    const user = await createUser(handle.db);
    const cookie = await cookieFor(handle.db, user.id);
    const submit = () =>
      run<Response>(
        new Request("http://test/ar/courses/x", {
          method: "POST",
          headers: { Cookie: cookie },
          body: new URLSearchParams({ intent: "favorite", want: "true" }),
        }),
        courseAction,
        { id: String(ids.react) },
      );
    const first = await submit();
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(`/ar/courses/${ids.react}`);
    await submit();
    expect(
      await handle.db.$count(
        favorites,
        and(eq(favorites.userId, user.id), eq(favorites.courseId, ids.react)),
      ),
    ).toBe(1);
  });

  it("answers a fetcher with data and a guest fetcher with 401, so the page can roll back", async () => {
    const user = await createUser(handle.db);
    const ok = await run<{ data: { ok: boolean; favorited: boolean } }>(
      new Request("http://test/courses/x", {
        method: "POST",
        headers: { Cookie: await cookieFor(handle.db, user.id) },
        body: new URLSearchParams({ intent: "favorite", want: "true", js: "1" }),
      }),
      courseAction,
      { id: String(ids.react) },
    );
    expect(ok.data).toMatchObject({ ok: true, favorited: true });
    const refused = await run<{ data: { ok: boolean; error: string }; init: ResponseInit }>(
      new Request("http://test/courses/x", {
        method: "POST",
        body: new URLSearchParams({ intent: "favorite", want: "true", js: "1" }),
      }),
      courseAction,
      { id: String(ids.react) },
    );
    expect(refused.init.status).toBe(401);
    expect(refused.data).toEqual({ ok: false, error: "Log in first to do that." });
  });
});

describe("cart", () => {
  const addAsGuest = async (courseId: number, cookie = "") =>
    run<Response>(
      new Request("http://test/courses/x", {
        method: "POST",
        headers: { Cookie: cookie },
        body: new URLSearchParams({ intent: "addToCart" }),
      }),
      courseAction,
      { id: String(courseId) },
    );

  it("keeps a guest cart in a signed cookie, without duplicates, and merges it into the account at sign-in", async () => {
    const first = await addAsGuest(ids.react);
    const cookie =
      cookiesFrom(first)
        .split("; ")
        .find((pair) => pair.startsWith("manara_cart=")) ?? "";
    expect(cookie).not.toBe("manara_cart=");
    const again = await addAsGuest(ids.react, cookie);
    expect(cookiesFrom(again)).not.toContain("manara_cart="); // nothing changed, nothing re-set
    const second = await addAsGuest(ids.data, cookie);
    const cartCookie =
      cookiesFrom(second)
        .split("; ")
        .find((pair) => pair.startsWith("manara_cart=")) ?? "";
    const cart = await run<{ items: { id: number; price: number; thumbnail: string }[]; totalLabel: string }>(
      new Request("http://test/cart", { headers: { Cookie: cartCookie } }),
      cartLoader,
    );
    expect(cart.items.map((item) => item.id)).toEqual([ids.react, ids.data]);
    expect(cart.items[0]).toMatchObject({ price: 4900, thumbnail: "/images/course.jpg" });
    expect(cart.totalLabel).toBe("$64.00");

    // A tampered cookie is ignored rather than trusted.
    const forged = await run<{ items: unknown[] }>(
      new Request("http://test/cart", { headers: { Cookie: "manara_cart=WzEsMiwzXQ%3D%3D.forged" } }),
      cartLoader,
    );
    expect(forged.items).toEqual([]);

    const user = await createUser(handle.db);
    const login = await run<Response>(
      new Request("http://test/auth/login", {
        method: "POST",
        headers: { Cookie: cartCookie },
        body: new URLSearchParams({ email: user.email, password: TEST_PASSWORD, website: "" }),
      }),
      loginAction,
    );
    expect(login.status).toBe(302);
    expect(login.headers.getSetCookie().join()).toMatch(/manara_cart=[^;]*; Max-Age=0/);
    const rows = await handle.db.select().from(cartItems).where(eq(cartItems.userId, user.id));
    expect(rows.map((row) => row.courseId).sort()).toEqual([ids.react, ids.data].sort());
  });

  it("refuses drafts and courses the user already owns; removes and clears", async () => {
    const user = await createUser(handle.db);
    const cookie = await cookieFor(handle.db, user.id);
    const act = (courseId: number, intent: string) =>
      run<{ data?: { ok: boolean; error?: string }; init?: ResponseInit } & Partial<Response>>(
        new Request("http://test/courses/x", {
          method: "POST",
          headers: { Cookie: cookie },
          body: new URLSearchParams({ intent, js: "1" }),
        }),
        courseAction,
        { id: String(courseId) },
      );
    expect((await act(ids.draft, "addToCart")).init?.status).toBe(404);
    await handle.db.insert(enrollments).values({ userId: user.id, courseId: ids.data, pricePaid: 1500 });
    const owned = await act(ids.data, "addToCart");
    expect(owned.init?.status).toBe(409);
    expect(owned.data?.error).toBe("You already own this course.");
    expect((await act(ids.react, "addToCart")).data?.ok).toBe(true);
    expect(await handle.db.$count(cartItems, eq(cartItems.userId, user.id))).toBe(1);
    await act(ids.react, "removeFromCart");
    expect(await handle.db.$count(cartItems, eq(cartItems.userId, user.id))).toBe(0);
    await act(ids.react, "addToCart");
    const clear = await run<Response>(
      new Request("http://test/cart", {
        method: "POST",
        headers: { Cookie: cookie },
        body: new URLSearchParams({ intent: "clear" }),
      }),
      cartAction,
    );
    expect(clear.status).toBe(302);
    expect(await handle.db.$count(cartItems, eq(cartItems.userId, user.id))).toBe(0);
  });

  it("answers hand-made requests truthfully: a free course is refused, a second add or remove says nothing changed", async () => {
    const user = await createUser(handle.db);
    const cookie = await cookieFor(handle.db, user.id);
    const act = (courseId: number, intent: string, path = "/courses/x", action: unknown = courseAction) =>
      run<{ data?: { ok: boolean; error?: string; message?: string }; init?: ResponseInit }>(
        new Request(`http://test${path}`, {
          method: "POST",
          headers: { Cookie: cookie },
          body: new URLSearchParams({ intent, js: "1", courseId: String(courseId) }),
        }),
        action,
        { id: String(courseId) },
      );
    const free = await act(ids.free, "addToCart");
    expect(free.init?.status).toBe(409);
    expect(free.data?.error).toMatch(/free/);
    expect(await handle.db.$count(cartItems, eq(cartItems.userId, user.id))).toBe(0);
    // A guest gets the same answer, and no cookie.
    const guestFree = await addAsGuest(ids.free);
    expect(cookiesFrom(guestFree)).not.toContain("manara_cart=");

    expect((await act(ids.react, "addToCart")).data?.message).toBe("Added to your cart.");
    expect((await act(ids.react, "addToCart")).data?.message).toBe("This course is already in your cart.");
    expect((await act(ids.react, "removeFromCart")).data?.message).toBe("Removed from your cart.");
    expect((await act(ids.react, "removeFromCart")).data?.message).toBe("This course was not in your cart.");
    expect((await act(ids.react, "remove", "/cart", cartAction)).data?.message).toBe(
      "This course was not in your cart.",
    );
  });

  it("checks out the cart: too little balance changes nothing, then a funded wallet buys and empties it", async () => {
    const user = await createUser(handle.db);
    const cookie = await cookieFor(handle.db, user.id);
    await handle.db.insert(cartItems).values([{ userId: user.id, courseId: ids.react }]);
    // The cart's own checkout only leads to the review step (issue 46); its button charges.
    const toReview = await run<Response>(
      new Request("http://test/ar/cart", {
        method: "POST",
        headers: { Cookie: cookie },
        body: new URLSearchParams({ intent: "checkout" }),
      }),
      cartAction,
    );
    expect(toReview.status).toBe(302);
    expect(toReview.headers.get("Location")).toBe("/ar/checkout");
    const checkout = () =>
      run<Response | { data: { error: string }; init: ResponseInit }>(
        new Request("http://test/ar/checkout", {
          method: "POST",
          headers: { Cookie: cookie },
          body: new URLSearchParams({ method: "wallet" }),
        }),
        checkoutAction,
      );
    const refused = (await checkout()) as { data: { error: string }; init: ResponseInit };
    expect(refused.init.status).toBe(409);
    expect(refused.data.error).toMatch(/لا يكفي/);
    expect(await handle.db.$count(enrollments, eq(enrollments.userId, user.id))).toBe(0);

    const { creditWallet } = await import("../../app/wallet/wallet.server");
    await creditWallet(handle.db, { userId: user.id, actorId: null, amount: 10_000, reason: "test" });
    const bought = (await checkout()) as Response;
    expect(bought.status).toBe(302);
    expect(bought.headers.get("Location")).toMatch(/^\/ar\/orders\/\d+$/);
    expect(await handle.db.$count(cartItems, eq(cartItems.userId, user.id))).toBe(0);
    // A second click finds nothing left to buy and charges nothing.
    const repeat = (await checkout()) as { data: { error: string }; init: ResponseInit };
    expect(repeat.init.status).toBe(422);
    const [after] = await handle.db.select().from(enrollments).where(eq(enrollments.userId, user.id));
    expect(after?.pricePaid).toBe(4900);
  });

  it("sends a guest's checkout to log in and back to the cart", async () => {
    const response = await run<Response>(formRequest("http://test/cart", { intent: "checkout" }), cartAction);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fcart");
  });
});
