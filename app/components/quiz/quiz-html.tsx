// Quiz texts are Markdown rendered and sanitized when the trainer saved them (app/lib/markdown.server.ts).
// A prompt is block content; an option's text sits inside a <label>, which takes phrasing content only, so a
// one-paragraph option is shown without its <p>, and a longer one beside its input, named by it.

const ONE_PARAGRAPH = /^<p dir="auto">((?:(?!<\/?p[\s>]).)*)<\/p>\s*$/s;

/** The inner HTML of a one-paragraph rendering, or null when it has other blocks. */
export function inlineHtml(html: string): string | null {
  return ONE_PARAGRAPH.exec(html)?.[1] ?? null;
}

export function RichText({ html, id, className }: { html: string; id?: string; className?: string }) {
  return (
    <div
      id={id}
      className={`rich-text ${className ?? ""}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with an allowlist when saved.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export function InlineText({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with an allowlist when saved.
  return <span dir="auto" dangerouslySetInnerHTML={{ __html: html }} />;
}
