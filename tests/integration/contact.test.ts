import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { leads, rateLimits } from "../../app/db/schema";
import { action as apiContact, loader as apiContactGet } from "../../app/routes/api/contact";
import { action as contactAction } from "../../app/routes/contact";
import { formRequest, runRoute } from "./route-context";
import { createTestDatabase } from "./test-database";

let handle: DatabaseHandle;
beforeAll(async () => {
  process.env.DATA_DIR ??= "./data";
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await handle.db.delete(leads);
  await handle.db.delete(rateLimits);
});

const valid = {
  name: "Sara",
  email: "sara@example.com",
  subject: "A project",
  message: "We need a new website soon.",
  website: "",
};

type ActionData = {
  data: { fieldErrors: Record<string, string>; values: Record<string, string> };
  init: ResponseInit;
};

describe("contact page action", () => {
  it("stores a valid message and redirects back with a success toast", async () => {
    const response = (await runRoute(
      handle.db,
      formRequest("http://test/ar/contact", valid),
      contactAction as never,
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/ar/contact");
    expect(response.headers.get("Set-Cookie")).toContain("manara_toast=");
    const rows = await handle.db.select().from(leads);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Sara", email: "sara@example.com", locale: "ar" });
  });

  it("returns localized field errors with the typed values and stores nothing", async () => {
    const bad = { name: " ", email: "not-an-email", subject: "Hi", message: "short", website: "" };
    const result = (await runRoute(
      handle.db,
      formRequest("http://test/ar/contact", bad),
      contactAction as never,
    )) as ActionData;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      name: "يُرجى إدخال اسمك.",
      email: "يُرجى إدخال بريد إلكتروني صحيح.",
      subject: "يُرجى إدخال موضوع من 3 أحرف على الأقل.",
      message: "يُرجى كتابة رسالة من 10 أحرف على الأقل.",
    });
    expect(result.data.values.email).toBe("not-an-email");
    expect(await handle.db.$count(leads)).toBe(0);
  });

  it("answers English errors on English pages", async () => {
    const result = (await runRoute(
      handle.db,
      formRequest("http://test/contact", { ...valid, email: "nope" }),
      contactAction as never,
    )) as ActionData;
    expect(result.data.fieldErrors).toEqual({ email: "Please enter a valid email address." });
  });

  it("answers a bot that filled the honeypot like anyone, and keeps its message as a spam lead", async () => {
    const response = (await runRoute(
      handle.db,
      formRequest("http://test/contact", { ...valid, website: "http://spam.example" }),
      contactAction as never,
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact");
    expect(await handle.db.$count(leads, eq(leads.status, "spam"))).toBe(1);
    expect(await handle.db.$count(leads)).toBe(1);
  });
});

describe("POST /api/contact", () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    new Request("http://test/api/contact", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", ...headers },
    });

  it("stores a valid message and answers 201", async () => {
    const response = (await runRoute(
      handle.db,
      post(JSON.stringify(valid)),
      apiContact as never,
    )) as Response;
    expect(response.status).toBe(201);
    expect(await handle.db.$count(leads)).toBe(1);
  });

  it("answers 422 with the error shape and field messages, in Arabic when asked", async () => {
    const response = (await runRoute(
      handle.db,
      post(JSON.stringify({ ...valid, email: 42 }), { "Accept-Language": "ar" }),
      apiContact as never,
    )) as Response;
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body).toEqual({
      error: {
        code: "validation_failed",
        message: "بعض الحقول غير صالحة.",
        fields: { email: "يُرجى إدخال بريد إلكتروني صحيح." },
      },
    });
    expect(await handle.db.$count(leads)).toBe(0);
  });

  it("answers 400 for a body that is not JSON and 405 for GET", async () => {
    const response = (await runRoute(handle.db, post("{oops"), apiContact as never)) as Response;
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("bad_request");
    const get = (await runRoute(
      handle.db,
      new Request("http://test/api/contact"),
      apiContactGet as never,
    )) as Response;
    expect(get.status).toBe(405);
    expect(await handle.db.$count(leads)).toBe(0);
  });
});
