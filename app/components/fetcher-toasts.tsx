// The toast for every fetcher answer, shown once from the document shell: green with the answer's `message`,
// red with its `error` (or the generic message when the request failed outright). Without JavaScript the same
// messages arrive as flash toasts after the redirect (enhanced-action.server.ts), so the feedback is the same
// either way. It lives here, not in the buttons, because a button can unmount before its answer arrives
// (an item removed optimistically from the cart) and its fetcher still finishes.
//
// It listens to the router itself rather than to `useFetchers()` in a render: React Router hands its state
// to React in transitions, and on a busy phone React may commit only the last of several (a submission seen
// neither submitting nor reloading, just gone), while a finished fetcher whose button has unmounted leaves
// the router's state, and its answer with it, in the very update that makes it idle. The router's own
// subscribers see every update, the idle fetcher with its data included.
import { useContext, useEffect } from "react";
import { type Fetcher, UNSAFE_DataRouterContext } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { useToast } from "./toaster";

type Answer = { ok: true; message?: unknown } | { ok: false; error?: unknown };

function isAnswer(data: unknown): data is Answer {
  return typeof data === "object" && data !== null && "ok" in data && typeof data.ok === "boolean";
}

/** A submission under way: sending, or reloading the page's data after its action (formData stays then). */
function isSubmission(fetcher: Fetcher): boolean {
  return fetcher.state === "submitting" || (fetcher.state === "loading" && fetcher.formData !== undefined);
}

/** The toast a finished submission's answer asks for, if any. */
export function answerToast(data: unknown): { kind: "success" | "error"; message: string | null } | null {
  if (!isAnswer(data)) return null;
  if (data.ok)
    return typeof data.message === "string" && data.message
      ? { kind: "success", message: data.message }
      : null;
  return { kind: "error", message: typeof data.error === "string" && data.error ? data.error : null };
}

export function FetcherToasts() {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const show = useToast();
  const { t } = useTranslation();
  useEffect(() => {
    if (!router) return;
    const pending = new Set<string>();
    return router.subscribe((state) => {
      for (const [key, fetcher] of state.fetchers) if (isSubmission(fetcher)) pending.add(key);
      for (const key of pending) {
        const fetcher = state.fetchers.get(key);
        if (fetcher && fetcher.state !== "idle") continue;
        pending.delete(key);
        const toast = answerToast(fetcher?.data);
        if (toast) show({ kind: toast.kind, message: toast.message ?? t("errors.requestFailed") });
      }
    });
  }, [router, show, t]);
  return null;
}
