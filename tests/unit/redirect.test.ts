// redirectTo may only land on our own site: a fixed list of known tricks plus random fuzzing.
import { describe, expect, it } from "vitest";
import { landingPath, safeRedirect } from "../../app/auth/redirect";

const BASE = "http://manara.invalid";

describe("safeRedirect", () => {
  it.each([
    ["/courses", "/courses"],
    ["/ar/courses?page=2#top", "/ar/courses?page=2#top"],
    ["/my-favorites", "/my-favorites"],
    ["/%2F%2Fevil.example/..", "/"],
  ])("keeps the local path %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    " /courses",
    "javascript:alert(1)",
    "data:text/html,hi",
    "http:/evil.example",
    "evil.example",
    "/.//evil.example",
    "/a/..//evil.example",
    "/auth/login?redirectTo=/x",
    "/ar/auth/signup",
    "",
    null,
    undefined,
  ])("refuses %j", (input) => {
    expect(safeRedirect(input as string, "/fallback")).toBe("/fallback");
  });

  it("never leaves the origin for random input (fuzz)", () => {
    const alphabet = [
      "/",
      "\\",
      ".",
      ":",
      "@",
      "%",
      "2",
      "F",
      "5",
      "C",
      "h",
      "t",
      "p",
      "s",
      "e",
      "v",
      "?",
      "#",
      " ",
      "\t",
      "\u0000",
      "\u3002",
      "ａ",
      "/",
    ];
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 5000; round++) {
      const length = 1 + Math.floor(random() * 12);
      let input = "";
      for (let i = 0; i < length; i++) input += alphabet[Math.floor(random() * alphabet.length)];
      const result = safeRedirect(input, "/fallback");
      expect(result.startsWith("/"), input).toBe(true);
      expect(result.startsWith("//"), input).toBe(false);
      expect(result.startsWith("/\\"), input).toBe(false);
      expect(new URL(result, BASE).origin, input).toBe(BASE);
    }
  });
});

describe("landingPath", () => {
  it("lands a learner on My learning and staff on the home page, in the page's language", () => {
    expect(landingPath({ id: "x", role: "user" }, "en")).toBe("/my-enrollments");
    expect(landingPath({ id: "x", role: "user" }, "ar")).toBe("/ar/my-enrollments");
    expect(landingPath({ id: "x", role: "trainer" }, "ar")).toBe("/ar");
    expect(landingPath({ id: "x", role: "admin" }, "en")).toBe("/");
  });
});
