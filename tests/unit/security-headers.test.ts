// The headers every production response carries, and HSTS only over HTTPS in production.
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../app/security/csp.server";
import { securityHeaders } from "../../server/security-headers.mjs";

function run(options: { production: boolean }, secure: boolean) {
  const headers = new Map<string, string>();
  const res = { setHeader: (name: string, value: string) => headers.set(name, value) };
  let nextCalled = false;
  securityHeaders(options)({ secure } as never, res as never, () => {
    nextCalled = true;
  });
  expect(nextCalled).toBe(true);
  return headers;
}

describe("securityHeaders", () => {
  it("forbids framing and sniffing, limits the referrer, features and opener", () => {
    const headers = run({ production: true }, false);
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Permissions-Policy")).toContain("camera=()");
    expect(headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(headers.has("Strict-Transport-Security")).toBe(false);
  });

  it("sends HSTS only over HTTPS in production", () => {
    expect(run({ production: true }, true).get("Strict-Transport-Security")).toMatch(/^max-age=\d+/);
    expect(run({ production: false }, true).has("Strict-Transport-Security")).toBe(false);
  });
});

describe("contentSecurityPolicy", () => {
  it("is enforced with the nonce, no inline scripts otherwise, and no framing", () => {
    const policy = contentSecurityPolicy("abc123");
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).not.toContain("'unsafe-inline' 'nonce");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });
});
