// Progressive enhancement for <details> menus: they open without JavaScript; with it they also close
// on an outside click, on Escape and on navigation. A menu opened before the JavaScript arrived (slow
// connections) stays open when the page hydrates: only a later navigation closes it.
import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

export function useDismissableDetails(ref: RefObject<HTMLDetailsElement | null>) {
  const location = useLocation();

  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    }
    function onKeyDown(event: KeyboardEvent) {
      const details = ref.current;
      if (event.key === "Escape" && details?.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [ref]);

  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return; // hydration or a re-render, not a navigation
    shownKey.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key, ref]);
}
