// Redirects built from the request path stay on this origin, whatever the path looks like.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stripLocale } from "../../app/i18n/languages";
import { backToPage, sameOriginPath } from "../../app/lib/same-origin-path";

const BASE = "http://manara.invalid";

describe("sameOriginPath", () => {
  it.each([
    ["/courses?page=2", "/courses?page=2"],
    ["/", "/"],
    ["//evil.com", "/evil.com"],
    ["/\\evil.com", "/evil.com"],
    ["\\\\evil.com/x", "/evil.com/x"],
    ["///evil.com?x=1", "/evil.com?x=1"],
  ])("%s → %s", (input, expected) => {
    expect(sameOriginPath(input)).toBe(expected);
  });

  it.each(["/en//evil.com", "/en/\\evil.com", "/en/.//evil.com", "/en/a/..//evil.com"])(
    "the /en redirect of %s stays here",
    (requested) => {
      // What the locale layout sees: the pathname after the URL parser normalised it.
      const pathname = new URL(requested, BASE).pathname;
      const location = sameOriginPath(stripLocale(pathname));
      expect(new URL(location, "https://manara.example").origin).toBe("https://manara.example");
    },
  );

  it("never leaves the origin, whatever the input", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 40 }), (input) => {
        const location = sameOriginPath(input);
        expect(location.startsWith("/")).toBe(true);
        expect(new URL(location, "https://manara.example").origin).toBe("https://manara.example");
      }),
      { numRuns: 2000, seed: 7 },
    );
  });
});

describe("backToPage", () => {
  it.each([
    ["/dashboard/admin/users?q=amal&page=2", "/dashboard/admin/users?q=amal&page=2"],
    ["/ar/dashboard/admin/enrollments", "/ar/dashboard/admin/enrollments"],
    ["//evil.com/dashboard/admin/users?q=x", "/evil.com/dashboard/admin/users?q=x"],
  ])("the page %s → %s", (page, expected) => {
    expect(backToPage(new URL(`${BASE}${page}`))).toBe(expected);
  });
});
