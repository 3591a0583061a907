// The newsletter's signed links (app/leads/newsletter-token.ts): each verifies only with our secret, for its
// own purpose, its own sign-up and within its week; anything else is null.
import { describe, expect, it } from "vitest";
import {
  CONFIRM_TTL_MS,
  signConfirmToken,
  signUnsubscribeToken,
  verifyConfirmToken,
  verifyUnsubscribeToken,
} from "../../app/leads/newsletter-token";

const SECRET = "a-test-secret-of-enough-length-0123456789";
const at = new Date("2026-12-07T10:00:00.123Z");

describe("confirmation tokens", () => {
  it("round-trip to the sign-up they answer, for a week", () => {
    const token = signConfirmToken(SECRET, 42, at);
    expect(verifyConfirmToken(SECRET, token, at)).toEqual({ id: 42, requestedAt: at });
    const lastMoment = new Date(at.getTime() + CONFIRM_TTL_MS);
    expect(verifyConfirmToken(SECRET, token, lastMoment)?.id).toBe(42);
    expect(verifyConfirmToken(SECRET, token, new Date(lastMoment.getTime() + 1))).toBeNull();
  });

  it("refuse another secret, an edited id or time, another purpose's token and junk", () => {
    const token = signConfirmToken(SECRET, 42, at);
    const [, time, mac] = token.split(".");
    expect(verifyConfirmToken("another-secret-of-enough-length-987654321", token, at)).toBeNull();
    expect(verifyConfirmToken(SECRET, `43.${time}.${mac}`, at)).toBeNull();
    expect(verifyConfirmToken(SECRET, `42.${Number(time) + 1}.${mac}`, at)).toBeNull();
    expect(verifyConfirmToken(SECRET, signUnsubscribeToken(SECRET, 42), at)).toBeNull();
    for (const junk of ["", "x", "42..", "0.1.a", "-1.1.a", "1e3.1.a", `${token}.x`, "9".repeat(300)])
      expect(verifyConfirmToken(SECRET, junk, at)).toBeNull();
  });
});

describe("unsubscribe tokens", () => {
  it("round-trip, never expire, and refuse forgeries and confirmation tokens", () => {
    const token = signUnsubscribeToken(SECRET, 7);
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual({ id: 7 });
    expect(verifyUnsubscribeToken(SECRET, token.replace(/^7\./, "8."))).toBeNull();
    expect(verifyUnsubscribeToken("another-secret-of-enough-length-987654321", token)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, signConfirmToken(SECRET, 7, at))).toBeNull();
    for (const junk of ["", "7", "7.", ".abc", "2147483648.abc", `${token}.x`])
      expect(verifyUnsubscribeToken(SECRET, junk)).toBeNull();
  });
});
