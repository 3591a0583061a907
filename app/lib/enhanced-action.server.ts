// One answer shape for actions that serve both a plain form and a fetcher. Without JavaScript the browser
// follows a redirect back to the page with a toast (Post/Redirect/Get); with JavaScript the fetcher gets
// data it can use to confirm or roll back its optimistic state, and shows the error itself.
import { data } from "react-router";
import { toasts } from "./toast.server";

/** The hidden field <EnhancedFormMarker/> adds once the page has hydrated. */
export function isEnhanced(form: FormData): boolean {
  return form.get("js") === "1";
}

export type ActionSuccess<T extends object> = { ok: true; message: string } & T;
export type ActionFailure = { ok: false; error: string };

/** `headers`: more for the answer either way (a Set-Cookie that remembers a preference). */
export async function succeed<T extends object>(
  form: FormData,
  back: string,
  message: string,
  extra: T,
  headers?: HeadersInit,
) {
  if (isEnhanced(form)) return data({ ok: true as const, message, ...extra }, { headers });
  return toasts().redirectWithSuccess(back, message, { headers });
}

export async function fail(form: FormData, back: string, error: string, status: number) {
  if (isEnhanced(form)) return data({ ok: false as const, error }, { status });
  return toasts().redirectWithError(back, error);
}
