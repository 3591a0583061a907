// The document's cookie scheme names the session cookie as production sets it (`__Host-` prefixed), read
// from the same function the cookie is made with; it once said `manara_session` whatever the mode.
import { afterEach, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
});

it("names the production session cookie __Host-manara_session", async () => {
  vi.stubEnv("NODE_ENV", "production");
  vi.resetModules();
  const { openApiDocument } = await import("../../app/api-docs/openapi.server");
  const document = openApiDocument() as {
    components: { securitySchemes: Record<string, { name?: string }> };
  };
  expect(document.components.securitySchemes.sessionCookie?.name).toBe("__Host-manara_session");
});
