// Small inline SVG flags for the language switcher: emoji flags render as empty boxes where the system has
// no emoji font, and Windows shows the letters "GB" / "SA" instead. Decorative: the language name is text.
import { useId } from "react";
import type { Locale } from "../i18n/languages";

export function Flag({ code, className = "h-3.5 w-5" }: { code: Locale; className?: string }) {
  const clip = useId();
  if (code === "ar") {
    // Saudi Arabia, simplified at this size: the green field, a line standing for the inscription, the sword.
    return (
      <svg
        aria-hidden="true"
        viewBox="0 0 24 16"
        className={`${className} shrink-0 rounded-[2px]`}
        data-flag="ar"
      >
        <rect width="24" height="16" fill="#006c35" />
        <path
          d="M6 6.2c1-.8 1.6.6 2.4 0s1.2-.9 1.8 0 1.3.5 1.8-.2 1.1-.6 1.7.1 1.2.4 1.9-.2 1.1-.3 1.6.3"
          fill="none"
          stroke="#fff"
          strokeWidth="1.1"
          strokeLinecap="round"
        />
        <path d="M6.5 10.4h10.5M15.6 9.5v1.8" stroke="#fff" strokeWidth="0.9" strokeLinecap="round" />
      </svg>
    );
  }
  // The United Kingdom (Union Flag), from its standard 60×30 construction.
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 60 30"
      className={`${className} shrink-0 rounded-[2px]`}
      data-flag="en"
    >
      <clipPath id={clip}>
        <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
      </clipPath>
      <rect width="60" height="30" fill="#012169" />
      <path d="M0 0l60 30m0-30L0 30" stroke="#fff" strokeWidth="6" />
      <path d="M0 0l60 30m0-30L0 30" clipPath={`url(#${clip})`} stroke="#c8102e" strokeWidth="4" />
      <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
      <path d="M30 0v30M0 15h60" stroke="#c8102e" strokeWidth="6" />
    </svg>
  );
}
