// Where a sign-in may send the visitor afterwards: only a path on our own site, never another origin.
import { canTeach, type Viewer } from "../access/roles";
import { type Locale, localizePath } from "../i18n/languages";

const BASE = "http://manara.invalid";

export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || target === "") return fallback;
  // Reject protocol-relative (`//evil`), backslash tricks (`/\evil`) and anything with control characters
  // or whitespace, which browsers strip or reinterpret before navigating.
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we reject.
  if (/[\u0000-\u001f\u007f\s\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // Dot segments can collapse into a protocol-relative path: `/.//evil` normalizes to `//evil`.
  if (url.pathname.startsWith("//")) return fallback;
  // Never bounce back into the auth pages themselves.
  if (/^\/(ar\/)?auth\/(login|signup|logout)/.test(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

/**
 * Where a password or Google sign-in lands when no `redirectTo` names a page (issue 50): a learner on their
 * home, My learning; a trainer or an admin, who arrive to work, on the home page as before.
 */
export function landingPath(user: NonNullable<Viewer>, locale: Locale): string {
  return localizePath(canTeach(user) ? "/" : "/my-enrollments", locale);
}
