// The page a request path names. React Router 8 hands loaders, actions and middleware the request as it came
// in, and a client navigation's data request names its page with a suffix: `/courses.data`, `/ar.data`,
// `/courses/_.data` (a trailing slash) and `/_.data` (the root). Code that reads request.url (rather than the
// normalized `url` argument) turns it back into the page's path here, in one place.

export function pagePath(pathname: string): string {
  if (pathname === "/_.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.replace(/\.data$/, "");
}
