// The reset token's rules: 256 random bits in base64url, a digest stored instead, thirty minutes of life.
import { describe, expect, it } from "vitest";
import {
  isWellFormedResetToken,
  newLinkToken,
  newResetToken,
  RESET_TOKEN_MINUTES,
  resetTokenId,
} from "../../app/account/reset-token";

describe("reset tokens", () => {
  it("are 43 base64url characters, different every time, stored as their SHA-256", () => {
    const now = new Date("2026-11-23T10:00:00Z");
    const first = newResetToken(now);
    const second = newResetToken(now);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.token).not.toBe(second.token);
    expect(first.id).toMatch(/^[0-9a-f]{64}$/);
    expect(first.id).toBe(resetTokenId(first.token));
    expect(first.id).not.toBe(second.id);
    expect(first.expiresAt.toISOString()).toBe("2026-11-23T10:30:00.000Z");
    expect(RESET_TOKEN_MINUTES).toBe(30);
  });

  it("give the email-change link the same rules with its own lifetime", () => {
    const now = new Date("2026-11-25T10:00:00Z");
    const link = newLinkToken(24 * 60, now);
    expect(isWellFormedResetToken(link.token)).toBe(true);
    expect(link.id).toBe(resetTokenId(link.token));
    expect(link.expiresAt.toISOString()).toBe("2026-11-26T10:00:00.000Z");
  });

  it("digests the known SHA-256 test vector", () => {
    expect(resetTokenId("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("turns away anything that is not a token before the database sees it", () => {
    expect(isWellFormedResetToken(newResetToken().token)).toBe(true);
    for (const value of [
      undefined,
      null,
      42,
      "",
      "a".repeat(42),
      "a".repeat(44),
      `${"a".repeat(42)}=`,
      `${"a".repeat(42)}\u0000`,
    ])
      expect(isWellFormedResetToken(value)).toBe(false);
  });
});
