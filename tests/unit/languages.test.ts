import { describe, expect, it } from "vitest";
import { directionOf, localeFromPath, localizePath, stripLocale } from "../../app/i18n/languages";

describe("locale from the URL", () => {
  it.each([
    ["/", "en"],
    ["/courses", "en"],
    ["/ar", "ar"],
    ["/ar/courses/3", "ar"],
    ["/ar.data", "ar"],
    ["/ar/courses.data", "ar"],
    ["/_.data", "en"],
    ["/ar/_.data", "ar"],
    ["/arabic", "en"],
    ["/xx/courses", "en"],
  ])("%s is %s", (path, locale) => {
    expect(localeFromPath(path)).toBe(locale);
  });

  it("maps Arabic to right-to-left", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("en")).toBe("ltr");
  });
});

describe("localized paths", () => {
  it("strips only a whole locale segment", () => {
    expect(stripLocale("/ar/courses")).toBe("/courses");
    expect(stripLocale("/ar")).toBe("/");
    expect(stripLocale("/en/blog/2")).toBe("/blog/2");
    expect(stripLocale("/article")).toBe("/article");
  });

  it("prefixes Arabic and leaves English bare", () => {
    expect(localizePath("/courses", "ar")).toBe("/ar/courses");
    expect(localizePath("/", "ar")).toBe("/ar");
    expect(localizePath("/ar/courses", "en")).toBe("/courses");
    expect(localizePath("/ar", "en")).toBe("/");
  });
});
