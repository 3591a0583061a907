// Issue 48's pure lead rules: phone numbers, the de-duplication and spam windows, CSV cells, attribution.
import { describe, expect, it } from "vitest";
import {
  ATTRIBUTION_COOKIE,
  attributionFromCookieHeader,
  firstTouch,
  NO_ATTRIBUTION,
  readAttribution,
} from "../../app/leads/attribution";
import { csvCell, csvDocument, normalizePhone, spamCutoff, withinDedupWindow } from "../../app/leads/policy";

const DAY = 24 * 60 * 60 * 1000;

describe("phone numbers", () => {
  it("are stored in E.164, national numbers read as Saudi, impossible ones refused", () => {
    expect(normalizePhone("050 123 4567")).toBe("+966501234567");
    expect(normalizePhone("00962 79 123 4567")).toBe("+962791234567");
    expect(normalizePhone("+1 (202) 555-0143")).toBe("+12025550143");
    expect(normalizePhone("12")).toBeNull();
    expect(normalizePhone("call me")).toBeNull();
  });
});

describe("windows", () => {
  it("adds to a lead for 90 days, and purges spam after 30", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    expect(withinDedupWindow(new Date(now.getTime() - 90 * DAY), now)).toBe(true);
    expect(withinDedupWindow(new Date(now.getTime() - 90 * DAY - 1), now)).toBe(false);
    expect(spamCutoff(now).toISOString()).toBe("2026-10-29T12:00:00.000Z");
  });
});

describe("CSV", () => {
  it("quotes what needs quoting, neutralises formulas and starts with a BOM", () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell(null)).toBe("");
    expect(
      csvDocument([
        ["a", 1],
        ["سارة", null],
      ]),
    ).toBe("\uFEFFa,1\r\nسارة,\r\n");
  });
});

describe("attribution", () => {
  it("reads the cookie, keeps only safe values, and prefers it to the form", () => {
    const value = encodeURIComponent(
      JSON.stringify({ utm_source: "x\u0000y", referrer: "javascript:alert(1)", landing: "//evil.example" }),
    );
    const cookie = attributionFromCookieHeader(`a=1; ${ATTRIBUTION_COOKIE}=${value}`);
    expect(cookie).toEqual({ ...NO_ATTRIBUTION, utmSource: "x y" });
    expect(attributionFromCookieHeader(`${ATTRIBUTION_COOKIE}=%7Bbroken`)).toEqual(NO_ATTRIBUTION);
    const form = readAttribution({ utm_source: "google", landing: "/contact?utm_source=google" });
    expect(firstTouch(cookie, form)).toBe(cookie);
    expect(firstTouch(NO_ATTRIBUTION, form)).toEqual({
      ...NO_ATTRIBUTION,
      utmSource: "google",
      landingPath: "/contact?utm_source=google",
    });
  });
});
