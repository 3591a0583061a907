// Redirects built from the request's own path must stay on this origin: `/en//evil.com` once redirected
// to `//evil.com`, which a browser reads as another site.

const BASE = "http://manara.invalid";

/**
 * `path` (a pathname, optionally with a query) made safe to put in a Location header: leading runs of
 * slashes and backslashes collapse to one slash, and anything that would still resolve elsewhere becomes "/".
 */
export function sameOriginPath(path: string): string {
  const collapsed = `/${path.replace(/^[/\\]+/, "")}`;
  try {
    const url = new URL(collapsed, BASE);
    if (url.origin !== BASE || url.pathname.startsWith("//")) return "/";
    return url.pathname + url.search;
  } catch {
    return "/";
  }
}

/**
 * Back to the page a form was posted from, query included: React Router's `url` argument (the page's URL, never
 * its `.data` URL; decision 033) as a same-origin redirect target.
 */
export function backToPage(url: URL): string {
  return sameOriginPath(url.pathname + url.search);
}
