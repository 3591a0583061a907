// The toast for every fetcher answer, shown once from the document shell: green with the answer's `message`,
// red with its `error` (or the generic message when the request failed outright). Without JavaScript the same
// messages arrive as flash toasts after the redirect (enhanced-action.server.ts), so the feedback is the same
// either way. It lives here, not in the buttons, because a button can unmount before its answer arrives
// (an item removed optimistically from the cart) and its fetcher still finishes.
//
// React Router drops a finished fetcher from `useFetchers()` at once (a refused request that skips the reload
// is never seen there with its data), so each submitting fetcher gets a watcher holding `useFetcher({ key })`,
// which keeps its answer readable until the watcher has shown it and goes away.
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useFetchers } from "react-router";
import { useToast } from "./toaster";

type Answer = { ok: true; message?: unknown } | { ok: false; error?: unknown };

function isAnswer(data: unknown): data is Answer {
  return typeof data === "object" && data !== null && "ok" in data && typeof data.ok === "boolean";
}

export function FetcherToasts() {
  const fetchers = useFetchers();
  const [watched, setWatched] = useState<string[]>([]);
  useEffect(() => {
    const submitting = fetchers
      .filter((fetcher) => fetcher.state === "submitting")
      .map((fetcher) => fetcher.key);
    if (submitting.length === 0) return;
    setWatched((current) => {
      const added = submitting.filter((key) => !current.includes(key));
      return added.length > 0 ? [...current, ...added] : current;
    });
  }, [fetchers]);
  const done = useCallback((key: string) => setWatched((current) => current.filter((k) => k !== key)), []);
  return watched.map((key) => <FetcherAnswerToast key={key} fetcherKey={key} onDone={done} />);
}

function FetcherAnswerToast({ fetcherKey, onDone }: { fetcherKey: string; onDone: (key: string) => void }) {
  const fetcher = useFetcher({ key: fetcherKey });
  const show = useToast();
  const { t } = useTranslation();
  useEffect(() => {
    if (fetcher.state !== "idle") return;
    const data: unknown = fetcher.data;
    if (isAnswer(data)) {
      if (data.ok && typeof data.message === "string" && data.message) {
        show({ kind: "success", message: data.message });
      } else if (!data.ok) {
        show({ kind: "error", message: String(data.error ?? "") || t("errors.requestFailed") });
      }
    }
    onDone(fetcherKey);
  }, [fetcher.state, fetcher.data, fetcherKey, onDone, show, t]);
  return null;
}
