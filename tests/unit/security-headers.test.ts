// The headers every production response carries (helmet, server/security-headers.ts), over real HTTP, and
// HSTS only over HTTPS in production; the documents' Content-Security-Policy with its nonce.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../app/security/csp.server";
import { securityHeaders } from "../../server/security-headers";

const servers: { close: () => void }[] = [];

/** An Express app with the headers and one route, behind a trusting proxy so a test can claim HTTPS. */
async function serve(production: boolean): Promise<string> {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(securityHeaders({ production }));
  app.get("/", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

let production = "";
let development = "";
beforeAll(async () => {
  production = await serve(true);
  development = await serve(false);
});
afterAll(() => {
  for (const server of servers) server.close();
});

describe("securityHeaders", () => {
  it("forbids framing and sniffing, limits the referrer, features and opener", async () => {
    const { headers } = await fetch(production);
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Permissions-Policy")).toContain("camera=()");
    expect(headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    // The policy is each document's own (app/entry.server.tsx), never helmet's default.
    expect(headers.has("Content-Security-Policy")).toBe(false);
    expect(headers.has("Strict-Transport-Security")).toBe(false);
  });

  it("sends HSTS only over HTTPS in production", async () => {
    const https = { headers: { "X-Forwarded-Proto": "https" } };
    expect((await fetch(production, https)).headers.get("Strict-Transport-Security")).toMatch(/^max-age=\d+/);
    expect((await fetch(development, https)).headers.has("Strict-Transport-Security")).toBe(false);
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
