// Progressive enhancement for <details> menus: they open without JavaScript; with it they also close
// on an outside click, when the focus moves out of them, on Escape and on navigation. A menu opened before
// the JavaScript arrived (slow connections) stays open when the page hydrates: only a later navigation
// closes it.
import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

export function useDismissableDetails(ref: RefObject<HTMLDetailsElement | null>) {
  const location = useLocation();

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    function onPointerDown(event: PointerEvent) {
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape" || !details?.open) return;
      const focused = document.activeElement;
      details.open = false;
      // Back to the toggle, unless the focus is somewhere else on purpose.
      if (!focused || focused === document.body || details.contains(focused))
        details.querySelector("summary")?.focus();
    }
    // Tab past the last entry (or Shift+Tab past the toggle): an open menu would stay over the page and the
    // focus would go on to links hidden under it. A null relatedTarget (the window lost the focus, or a click
    // on nothing focusable, which pointerdown handles) leaves it open.
    function onFocusOut(event: FocusEvent) {
      const next = event.relatedTarget;
      if (details?.open && next instanceof Node && !details.contains(next)) details.open = false;
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    details.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      details.removeEventListener("focusout", onFocusOut);
    };
  }, [ref]);

  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return; // hydration or a re-render, not a navigation
    shownKey.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key, ref]);
}
