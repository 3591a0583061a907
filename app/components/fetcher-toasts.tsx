// The toast for every fetcher answer, shown once from the document shell: green with the answer's `message`,
// red with its `error` (or the generic message when the request failed outright). Without JavaScript the same
// messages arrive as flash toasts after the redirect (enhanced-action.server.ts), so the feedback is the same
// either way. It lives here, not in the buttons, because a button can unmount before its answer arrives
// (an item removed optimistically from the cart) and its fetcher still finishes.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetchers } from "react-router";
import { useToast } from "./toaster";

type Answer = { ok: true; message?: unknown } | { ok: false; error?: unknown };

function isAnswer(data: unknown): data is Answer {
  return typeof data === "object" && data !== null && "ok" in data && typeof data.ok === "boolean";
}

export function FetcherToasts() {
  const fetchers = useFetchers();
  const show = useToast();
  const { t } = useTranslation();
  // Every answer is a new object; one already shown is never shown again, whatever re-renders follow.
  const shown = useRef(new WeakSet<object>());
  useEffect(() => {
    for (const fetcher of fetchers) {
      const data: unknown = fetcher.data;
      if (!isAnswer(data) || shown.current.has(data)) continue;
      shown.current.add(data);
      if (data.ok && typeof data.message === "string" && data.message) {
        show({ kind: "success", message: data.message });
      } else if (!data.ok) {
        show({ kind: "error", message: String(data.error ?? "") || t("errors.requestFailed") });
      }
    }
  }, [fetchers, show, t]);
  return null;
}
