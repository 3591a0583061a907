// SPEC §4's unsaved-changes flag, with JavaScript: typing in a studio form marks it dirty; leaving the page
// by a link or the back button asks first (useBlocker), closing the tab too (beforeunload). Submitting or
// resetting the form clears the flag; "Reset" is a native reset button, so it restores the saved values.
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { useTranslation } from "../../i18n/use-translation";

/** `formRef` is a form, or an element holding several forms (input, submit and reset events bubble). */
export function useUnsavedChanges(formRef: RefObject<HTMLElement | null>) {
  const [dirty, setDirty] = useState(false);
  // The blocker reads a ref: a submit clears it synchronously, before the navigation it starts.
  const dirtyRef = useRef(false);
  const mark = useCallback((value: boolean) => {
    dirtyRef.current = value;
    setDirty(value);
  }, []);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onChange = () => mark(true);
    const onClear = () => mark(false);
    form.addEventListener("input", onChange);
    form.addEventListener("change", onChange);
    form.addEventListener("submit", onClear);
    form.addEventListener("reset", onClear);
    return () => {
      form.removeEventListener("input", onChange);
      form.removeEventListener("change", onChange);
      form.removeEventListener("submit", onClear);
      form.removeEventListener("reset", onClear);
    };
  }, [formRef, mark]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  return { dirty, blocker, markClean: () => mark(false) };
}

export function UnsavedChangesDialog({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const { t } = useTranslation("studio");
  const stayRef = useRef<HTMLButtonElement>(null);
  const blocked = blocker.state === "blocked";
  useEffect(() => {
    if (blocked) stayRef.current?.focus();
  }, [blocked]);
  if (!blocked) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-ink/50 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="unsaved-title"
        aria-describedby="unsaved-text"
        className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl"
        data-testid="unsaved-dialog"
      >
        <h2 id="unsaved-title" className="text-xl font-bold">
          {t("unsaved.title")}
        </h2>
        <p id="unsaved-text" className="mt-2 text-ink/75">
          {t("unsaved.text")}
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            ref={stayRef}
            type="button"
            onClick={() => blocker.reset?.()}
            className="rounded-md bg-ink px-4 py-2 font-semibold text-white"
          >
            {t("unsaved.stay")}
          </button>
          <button
            type="button"
            onClick={() => blocker.proceed?.()}
            className="rounded-md border border-red-600 px-4 py-2 font-semibold text-red-700"
          >
            {t("unsaved.leave")}
          </button>
        </div>
      </div>
    </div>
  );
}

export function UnsavedMarker({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation("studio");
  if (!dirty) return null;
  return (
    <span
      role="status"
      className="rounded bg-amber-200 px-2 py-0.5 text-xs font-bold"
      data-testid="unsaved-marker"
    >
      {t("unsaved.marker")}
    </span>
  );
}
