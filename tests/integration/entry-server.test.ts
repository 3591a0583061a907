// A request that reaches rendering without the middleware chain (React Router matched no route at all)
// once threw inside the renderer and left a timer behind whose ReferenceError killed the process.

import type { EntryContext } from "react-router";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import handleRequest from "../../app/entry.server";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("entry.server without the middleware", () => {
  it("answers a plain 404 page and leaves no timer behind", async () => {
    const response = await handleRequest(
      new Request("http://test/api/x%0a"),
      404,
      new Headers(),
      {} as EntryContext,
      new RouterContextProvider(),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toContain("404 Not Found");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps an error status it was given (e.g. 400)", async () => {
    const response = await handleRequest(
      new Request("http://test/%00"),
      400,
      new Headers(),
      {} as EntryContext,
      new RouterContextProvider(),
    );
    expect(response.status).toBe(400);
    expect(vi.getTimerCount()).toBe(0);
  });
});
