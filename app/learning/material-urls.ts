// Lesson URLs are typed by trainers, so only https addresses (and, for notes, paths on this site) reach an
// iframe src or a link: anything else, such as a javascript: URL, is treated as missing.
export function safeMaterialUrl(
  url: string | null,
  { allowSitePath }: { allowSitePath: boolean },
): string | null {
  if (!url) return null;
  if (allowSitePath && url.startsWith("/") && !url.startsWith("//")) return url;
  try {
    return new URL(url).protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}
