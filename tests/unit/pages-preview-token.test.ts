// The pages' signed preview links: good for their page for a day, for no other page, not once tampered with.
import { describe, expect, it } from "vitest";
import { PREVIEW_TTL_MS, signPreviewToken, verifyPreviewToken } from "../../app/pages/preview-token";

const SECRET = "a-test-secret-of-enough-length-0123456789";

describe("preview tokens", () => {
  const now = new Date("2026-12-01T10:00:00Z");
  const token = signPreviewToken(SECRET, "spring-sale", now);

  it("opens its page's draft until it runs out", () => {
    expect(verifyPreviewToken(SECRET, "spring-sale", token, now)?.getTime()).toBe(
      now.getTime() + PREVIEW_TTL_MS,
    );
    expect(
      verifyPreviewToken(SECRET, "spring-sale", token, new Date(now.getTime() + PREVIEW_TTL_MS)),
    ).toBeNull();
  });

  it("opens no other page, and nothing once tampered with or signed with another secret", () => {
    expect(verifyPreviewToken(SECRET, "home", token, now)).toBeNull();
    const [expires, signature] = token.split(".");
    expect(verifyPreviewToken(SECRET, "spring-sale", `${Number(expires) + 1}.${signature}`, now)).toBeNull();
    expect(verifyPreviewToken(`${SECRET}x`, "spring-sale", token, now)).toBeNull();
    for (const bad of ["", ".", "x.y", `${expires}`, `${token}.x`, "0.abc"])
      expect(verifyPreviewToken(SECRET, "spring-sale", bad, now), bad).toBeNull();
  });
});
