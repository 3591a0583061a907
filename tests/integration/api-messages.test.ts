// Issue 31: validation messages were zod's English text with a leading space (" expected number to be
// >=1"), whatever the request's language, and a 422 echoed every unknown key of the body (1 MB for
// 80,000). Messages for query and body are now ours, in English or Arabic, and name at most 20 keys.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FuzzApp, startFuzzApp } from "./fuzz/app";
import { createFixtures, type Fixtures } from "./fuzz/fixtures";

let app: FuzzApp;
let fixtures: Fixtures;

beforeAll(async () => {
  app = await startFuzzApp();
  fixtures = await createFixtures(app);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

type ApiError = { error: { code: string; message: string; fields?: Record<string, string> } };

describe("validation messages", () => {
  it("are clean and in the request's language, for a query", async () => {
    const english = await app.fetch("/api/courses?limit=0&offset=x", {
      headers: { "Accept-Language": "en" },
    });
    expect(english.status).toBe(422);
    const en = (await english.json()) as ApiError;
    expect(en.error.fields?.limit).toBe("Must be at least 1.");
    expect(en.error.fields?.offset).toBe("Expected a number.");
    const arabic = await app.fetch("/api/courses?limit=0", { headers: { "Accept-Language": "ar" } });
    const ar = (await arabic.json()) as ApiError;
    expect(ar.error.fields?.limit).toBe("يجب ألا تقل القيمة عن 1.");
    expect(ar.error.message).not.toBe(en.error.message);
    for (const message of [
      ...Object.values(en.error.fields ?? {}),
      ...Object.values(ar.error.fields ?? {}),
    ]) {
      expect(message).toBe(message.trim());
      expect(message).not.toMatch(/expected|Too small|Invalid input/);
    }
  });

  it("are clean and in the request's language, for a body", async () => {
    const response = await app.fetch("/api/instructor/my-courses?limit=51", {
      headers: { Authorization: (await fixtures.bearer("trainer")) ?? "", "Accept-Language": "ar" },
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ApiError).error.fields?.limit).toBe("يجب ألا تزيد القيمة على 50.");
    const body = await app.fetch("/api/auth/me", {
      method: "PATCH",
      headers: {
        Authorization: (await fixtures.bearer("user")) ?? "",
        "Content-Type": "application/json",
        "Accept-Language": "ar",
      },
      body: JSON.stringify({ name: "Sara", extra: 1 }),
    });
    expect(body.status).toBe(422);
    expect(((await body.json()) as ApiError).error.fields?.form).toBe("حقول غير معروفة: extra.");
  });

  it("echo at most 20 unknown keys of an 80,000-key body, and how many there were", async () => {
    const huge = Object.fromEntries(Array.from({ length: 80_000 }, (_, index) => [`k${index}`, 0]));
    const response = await app.fetch("/api/auth/me", {
      method: "PATCH",
      headers: { Authorization: (await fixtures.bearer("user")) ?? "", "Content-Type": "application/json" },
      body: JSON.stringify(huge),
    });
    expect(response.status).toBe(422);
    const text = await response.text();
    expect(text.length).toBeLessThan(1_000);
    const { error } = JSON.parse(text) as ApiError;
    expect(error.fields?.form).toBe(
      `Unknown fields: ${Array.from({ length: 20 }, (_, index) => `k${index}`).join(", ")} and 79980 more (80000 in all).`,
    );
  });
});
