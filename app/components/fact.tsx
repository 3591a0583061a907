// One labelled value in a record's facts (`<dl>`): "Queued at: 25 Nov, 22:31". The label and the value sit
// on one line, and a long value wraps under its label.
import type { ReactNode } from "react";

export function Fact({
  label,
  children,
  wide = false,
  ltr = false,
}: {
  label: string;
  children: ReactNode;
  /** Spans both columns (an error message). */
  wide?: boolean;
  /** A value always read left to right (an amount, an error's text), whatever the page's direction. */
  ltr?: boolean;
}) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="inline font-semibold">{label}: </dt>
      <dd className={wide ? "inline break-words" : "inline"} dir={ltr ? "ltr" : undefined}>
        {children}
      </dd>
    </div>
  );
}
