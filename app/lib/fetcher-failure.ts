// A fetcher whose request fails (no network, a 5xx, a thrown 4xx) must not replace the page with the
// error page: the route's clientAction turns the failure into data the component rolls back from, and
// no loader revalidates after it (a revalidation would hit the same dead server and show the error page).
import type { ShouldRevalidateFunctionArgs } from "react-router";

export type RequestFailed = { ok: false; error: ""; requestFailed: true };

const REQUEST_FAILED: RequestFailed = { ok: false, error: "", requestFailed: true };

function isRedirect(error: unknown): boolean {
  return error instanceof Response && error.status >= 300 && error.status < 400;
}

/** Use as a route's `clientAction`: the server action's answer, or `RequestFailed` when the request failed. */
export async function guardServerAction<T>(serverAction: () => Promise<T>): Promise<T | RequestFailed> {
  try {
    return await serverAction();
  } catch (error) {
    if (isRedirect(error)) throw error;
    console.error(error);
    return REQUEST_FAILED;
  }
}

export function isRequestFailed(value: unknown): value is RequestFailed {
  return typeof value === "object" && value !== null && "requestFailed" in value;
}

/** Use as `shouldRevalidate` on every route that has a loader. */
export function skipRevalidationAfterFailedRequest({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return isRequestFailed(actionResult) ? false : defaultShouldRevalidate;
}
