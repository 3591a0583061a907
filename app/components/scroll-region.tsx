// A wide table's sideways-scrolling box on a narrow screen: focusable and named, so a keyboard user can
// reach it and scroll it (axe: scrollable-region-focusable).
import type { ReactNode } from "react";

export function ScrollRegion({
  label,
  className = "",
  children,
}: {
  /** What the region holds, for screen readers (it is a named region landmark). */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className={`overflow-x-auto ${className}`.trim()} tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
