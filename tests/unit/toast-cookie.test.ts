// readToast (app/toast.server.ts): a page view without the toast cookie neither reads nor sets one; a
// waiting toast is read once and its cookie cleared.
import { describe, expect, it } from "vitest";
import { readToast, toasts } from "../../app/lib/toast.server";

async function toastCookie(message: string): Promise<string> {
  const response = await toasts().redirectWithSuccess("/", message);
  const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("manara_toast="));
  return setCookie?.split(";")[0] ?? "";
}

describe("readToast", () => {
  it("sets no cookie on a request that has no toast cookie", async () => {
    for (const cookie of [undefined, "", "manara_session=abc; other=1", "xmanara_toast=1"]) {
      const headers: Record<string, string> = cookie === undefined ? {} : { Cookie: cookie };
      const result = await readToast(new Request("http://test/courses", { headers }));
      expect(result.toast).toBeUndefined();
      expect(result.headers).toBeUndefined();
    }
  });

  it("reads a waiting toast once and clears it", async () => {
    const cookie = await toastCookie("Saved");
    const first = await readToast(new Request("http://test/", { headers: { Cookie: `a=1; ${cookie}` } }));
    expect(first.toast).toMatchObject({ type: "success", message: "Saved" });
    const cleared = first.headers?.get("Set-Cookie")?.split(";")[0] ?? "";
    expect(cleared.startsWith("manara_toast=")).toBe(true);
    const second = await readToast(new Request("http://test/", { headers: { Cookie: cleared } }));
    expect(second.toast).toBeUndefined();
  });
});
