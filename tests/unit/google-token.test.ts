// The SPEC's Google token shape rules, each message and each wrapper field, without any network.
import { describe, expect, it } from "vitest";
import { checkGoogleTokenShape, extractGoogleToken } from "../../app/auth/google-token";

const jwtLike = (length: number) => `eyJ${"a".repeat(length - 3)}`;

describe("extractGoogleToken", () => {
  it("takes body.token when it is a string", () => {
    expect(extractGoogleToken({ token: "eyJabc" })).toBe("eyJabc");
  });

  it.each(["token", "credential", "idToken"])("unwraps body.token.%s", (field) => {
    expect(extractGoogleToken({ token: { [field]: "eyJabc" } })).toBe("eyJabc");
  });

  it("prefers token, then credential, then idToken, skipping absent fields", () => {
    expect(extractGoogleToken({ token: { idToken: "c", credential: "b", token: "a" } })).toBe("a");
    expect(extractGoogleToken({ token: { idToken: "c", credential: "b" } })).toBe("b");
    expect(extractGoogleToken({ token: { credential: undefined, idToken: "c" } })).toBe("c");
  });

  it("unwraps one level only and passes other values through for the shape check to name", () => {
    expect(extractGoogleToken({ token: { token: { token: "eyJabc" } } })).toEqual({ token: "eyJabc" });
    expect(extractGoogleToken({ token: 42 })).toBe(42);
    expect(extractGoogleToken({ token: null })).toBeNull();
    expect(extractGoogleToken({ token: ["eyJabc"] })).toEqual(["eyJabc"]);
  });

  it("gives undefined when there is nothing to take", () => {
    expect(extractGoogleToken({})).toBeUndefined();
    expect(extractGoogleToken({ token: {} })).toBeUndefined();
    expect(extractGoogleToken({ token: { accessToken: "eyJabc" } })).toBeUndefined();
    expect(extractGoogleToken(null)).toBeUndefined();
    expect(extractGoogleToken("eyJabc")).toBeUndefined();
    expect(extractGoogleToken([{ token: "eyJabc" }])).toBeUndefined();
  });
});

describe("checkGoogleTokenShape", () => {
  it.each([
    [undefined, "undefined"],
    [null, "null"],
    [42, "number"],
    [true, "boolean"],
    [{ token: "x" }, "object"],
    [["eyJ"], "array"],
  ])("refuses a non-string %j naming its type", (value, type) => {
    expect(checkGoogleTokenShape(value)).toEqual({
      ok: false,
      message: `Invalid token format - expected string, got ${type}`,
    });
  });

  it("refuses 49 characters as too short and accepts 50", () => {
    expect(checkGoogleTokenShape(jwtLike(49))).toEqual({ ok: false, message: "Invalid token - too short" });
    expect(checkGoogleTokenShape(jwtLike(50))).toEqual({ ok: true, token: jwtLike(50) });
    expect(checkGoogleTokenShape("")).toEqual({ ok: false, message: "Invalid token - too short" });
  });

  it("checks the length before the prefix", () => {
    expect(checkGoogleTokenShape("ya29.short")).toEqual({ ok: false, message: "Invalid token - too short" });
  });

  it("recognises an access token", () => {
    expect(checkGoogleTokenShape(`ya29.${"a".repeat(60)}`)).toEqual({
      ok: false,
      message: "Received Access Token instead of ID Token. Check Google Cloud Console configuration.",
    });
  });

  it("refuses anything else that does not start with eyJ, without trimming", () => {
    const message = "Invalid token format - must be a JWT";
    expect(checkGoogleTokenShape("x".repeat(60))).toEqual({ ok: false, message });
    expect(checkGoogleTokenShape(` ${jwtLike(60)}`)).toEqual({ ok: false, message });
    expect(checkGoogleTokenShape(`EYJ${"a".repeat(60)}`)).toEqual({ ok: false, message });
  });

  it("returns the token unchanged when it passes", () => {
    const token = `${jwtLike(40)}.${"b".repeat(20)}.${"c".repeat(20)}`;
    expect(checkGoogleTokenShape(token)).toEqual({ ok: true, token });
  });
});
