// The rich text block: Markdown rendered on the server through the site's sanitizer (app/lib/markdown.server.ts).
import type { BlockView } from "../../pages/view";
import type { Of } from "./shared";

export function RichTextBlock({ block }: { block: Of<BlockView, "richText"> }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <div
        className="rich-text text-lg leading-relaxed text-ink/85"
        // Sanitized with the site's allowlist when the page was read (app/pages/view.server.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes from the sanitizer.
        dangerouslySetInnerHTML={{ __html: block.html }}
      />
    </section>
  );
}
