// How a teacher's profile reads on a page (issue 50), apart from the profile's input schemas: the course
// page and the profile page import these in the browser, and a module that builds zod schemas would ship
// zod to them and probe eval, which the Content-Security-Policy refuses (tests/e2e/security.spec.ts).

/** How a link reads on the profile: its host, without "www." (the full address is the link's target). */
export function linkLabel(url: string): string {
  return new URL(url).hostname.replace(/^www\./, "");
}

/** A bio as paragraphs: blank lines separate them; single line breaks stay within one. */
export function bioParagraphs(text: string | null): string[] {
  return (text ?? "")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
