// Keeps the keyboard focus in place when a fetcher's answer (or its optimistic view) removes or disables the
// focused control: "Add to cart" becoming "In cart", a cart line or a favourite leaving its list, a lesson's
// "Move down" turning disabled once it is last. The browser would drop the focus to <body>, and the next Tab
// would start again from the spot where the control had been.
//
// Inside the container, the controls that can take over are marked with `data-keeps-focus`. When the focused
// element has left the document and the focus is lost, the focus goes to the element itself if it is back (React
// restores the focus itself only when a node moves within one commit), else to the marked control now at its
// place in the container's order (the control that replaced it, or the next line's), else to the last one (the
// line before it, or the empty state's link). A control that turned disabled hands the focus to the nearest
// marked control after it, or before it.
//
// Nothing moves once the focus has left the container on purpose (to another element, or by a click outside).
import { type RefObject, useEffect } from "react";

export const KEEPS_FOCUS = { "data-keeps-focus": "" } as const;

function canFocus(element: HTMLElement): boolean {
  return element.isConnected && !element.matches(":disabled") && element.getClientRects().length > 0;
}

function follows(element: Node, other: Node): boolean {
  return Boolean(element.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING);
}

export function useKeepFocus(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const candidates = () =>
      [...container.querySelectorAll<HTMLElement>("[data-keeps-focus]")].filter(canFocus);
    let last: { element: HTMLElement; index: number } | null = null;

    function onFocusIn(event: FocusEvent) {
      const element = event.target as HTMLElement;
      const marked = candidates();
      // Its own place among the marked controls, or the place of the first one after it.
      const index = marked.findIndex((candidate) => candidate === element || follows(element, candidate));
      last = { element, index: index < 0 ? marked.length : index };
    }
    function onFocusOut(event: FocusEvent) {
      if (event.relatedTarget instanceof Node && !container?.contains(event.relatedTarget)) last = null;
    }
    function onPointerDown(event: PointerEvent) {
      if (!container?.contains(event.target as Node)) last = null;
    }
    const observer = new MutationObserver(() => {
      if (!last) return;
      const focused = document.activeElement;
      const lost =
        !focused || focused === document.body || (focused === last.element && !canFocus(last.element));
      if (!lost) return;
      const { element, index } = last;
      const marked = candidates();
      let target: HTMLElement | undefined;
      if (canFocus(element)) target = element;
      else if (element.isConnected)
        target =
          marked.find((candidate) => follows(element, candidate)) ??
          marked.findLast((candidate) => follows(candidate, element));
      else target = marked[Math.min(index, marked.length - 1)];
      target?.focus();
    });
    observer.observe(container, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["disabled"],
    });
    container.addEventListener("focusin", onFocusIn);
    container.addEventListener("focusout", onFocusOut);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      observer.disconnect();
      container.removeEventListener("focusin", onFocusIn);
      container.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [ref]);
}
