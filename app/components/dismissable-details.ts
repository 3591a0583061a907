// Progressive enhancement for <details> menus: they open without JavaScript; with it they also close
// on an outside click, on Escape and on navigation.
import { type RefObject, useEffect } from "react";
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is a reaction to the location changing.
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key, ref]);
}
