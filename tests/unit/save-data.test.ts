// The data saver (issue 36): which requests ask to save data, which answers say `Vary: Save-Data`, and that
// every decorative image (alt="") goes through the one component that leaves it out for them.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { asksToSaveData } from "../../app/lib/save-data";
import { withVary } from "../../app/lib/vary";
import { saveDataMiddleware } from "../../app/middleware/save-data.server";

const withHeader = (value: string) => new Headers({ "Save-Data": value });

describe("asksToSaveData", () => {
  it('is true for the token "on", in any case and with white space around it', () => {
    for (const value of ["on", "On", "ON", " on ", "on\t"])
      expect(asksToSaveData(withHeader(value))).toBe(true);
  });

  it('finds "on" among other tokens (a `;` list, or a repeated header joined with ",")', () => {
    for (const value of ["on; lite", "lite;on", "on;", "on, on"]) {
      expect(asksToSaveData(withHeader(value))).toBe(true);
    }
  });

  it("is false without the header, and for any other value", () => {
    expect(asksToSaveData(new Headers())).toBe(false);
    for (const value of ["", "off", "1", "true", "yes", "onn", "o n", "lite", "save-data=on"]) {
      expect(asksToSaveData(withHeader(value))).toBe(false);
    }
  });
});

describe("Vary: Save-Data", () => {
  const answer = (init: ResponseInit) => async () => new Response("x", init);
  const run = (init: ResponseInit) =>
    saveDataMiddleware({} as Parameters<typeof saveDataMiddleware>[0], answer(init)) as Promise<Response>;

  it("is added to documents and React Router's data answers, keeping the names already there", async () => {
    const page = await run({ headers: { "Content-Type": "text/html; charset=utf-8", Vary: "Cookie" } });
    expect(page.headers.get("Vary")).toBe("Cookie, Save-Data");
    const data = await run({ headers: { "Content-Type": "text/x-script" } });
    expect(data.headers.get("Vary")).toBe("Save-Data");
  });

  it("is not added to JSON, files or redirects, which do not depend on it", async () => {
    for (const type of ["application/json", "image/svg+xml", "application/pdf"]) {
      expect((await run({ headers: { "Content-Type": type } })).headers.get("Vary")).toBeNull();
    }
    expect((await run({ status: 302, headers: { Location: "/" } })).headers.get("Vary")).toBeNull();
  });

  it("withVary copies an answer whose headers are immutable", () => {
    const redirect = Response.redirect("http://test/", 302);
    const copy = withVary(redirect, "Accept-Language");
    expect(copy.status).toBe(302);
    expect(copy.headers.get("Location")).toBe("http://test/");
    expect(copy.headers.get("Vary")).toBe("Accept-Language");
  });
});

describe("decorative images", () => {
  const appDir = path.resolve(import.meta.dirname, "../../app");
  const sourceFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return /\.tsx?$/.test(entry.name) ? [full] : [];
    });

  it('are written only through DecorativeImage: no other alt="" in the app', () => {
    const emptyAlt = /\balt=(?:""|\{\s*""\s*\}|\{\s*''\s*\}|'')/;
    const offenders = sourceFiles(appDir).flatMap((file) => {
      const relative = path.relative(appDir, file);
      if (relative === path.join("components", "decorative-image.tsx")) return [];
      return readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) => (emptyAlt.test(line) ? [`${relative}:${index + 1}: ${line.trim()}`] : []));
    });
    expect(offenders).toEqual([]);
  });
});
