// After a client-side navigation to another page, the focus moves to a visually hidden line at the very top of
// the body that holds the new page's title, just before the skip link (Kitty Giraudel's page title announcer,
// "Accessible title in a single-page React application"). A screen reader reads the title as it does on a page
// load, and the next Tab reaches the skip link, then the header: the same as after the full page load the same
// link makes without JavaScript. Without it the focus fell to <body> and Tab went on from wherever the old
// page's control had been, through the rest of the new page and the footer (42 Tabs to the account menu after
// signing in).
//
// It leaves the focus alone on the first load, when only the query or the hash changes on the same page
// (filters, paging, a form's answer shown where it was sent: the control in use stays focused), when the hash
// names an element (the browser takes the reader there), and when the new page has placed the focus itself
// (an error summary, an autofocus field).
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { type Location, useLocation } from "react-router";

type Announcement = { key: string; title: string; focusedBefore: Element | null };

function namesAnElement(hash: string): boolean {
  if (hash.length < 2) return false;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1))) !== null;
  } catch {
    return false; // a malformed escape names nothing
  }
}

export function RouteAnnouncer() {
  const location = useLocation();
  const ref = useRef<HTMLParagraphElement>(null);
  const shown = useRef<Location>(location);
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);

  // A layout effect, which runs before the new page's autofocus and effects (it comes first in the document):
  // the focus it sees is the one the old page left.
  useLayoutEffect(() => {
    const previous = shown.current;
    shown.current = location;
    if (previous.key === location.key) return; // hydration or a re-render, not a navigation
    if (previous.pathname === location.pathname) return;
    if (namesAnElement(location.hash)) return;
    setAnnouncement({ key: location.key, title: document.title, focusedBefore: document.activeElement });
  }, [location]);

  useEffect(() => {
    if (!announcement) return;
    const focused = document.activeElement;
    const movedByPage = focused && focused !== document.body && focused !== announcement.focusedBefore;
    if (!movedByPage) ref.current?.focus({ preventScroll: true });
  }, [announcement]);

  if (!announcement) return null;
  return (
    <p ref={ref} tabIndex={-1} className="sr-only" data-testid="route-announcer">
      {announcement.title}
    </p>
  );
}
