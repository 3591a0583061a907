// The FAQ block: each question a native <details>, so it opens without JavaScript (the page adds the
// FAQPage JSON-LD of every FAQ block: app/pages/view.ts).
import type { BlockView } from "../../pages/view";
import { BlockHeading, keyed, type Of } from "./shared";

export function FaqBlock({ block, id }: { block: Of<BlockView, "faq">; id: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12" aria-labelledby={block.title ? id : undefined}>
      <BlockHeading id={id} text={block.title} />
      <div className="mt-6 space-y-3">
        {keyed(block.items, (item) => item.question).map(({ key, item }) => (
          <details key={key} className="group rounded-xl border border-ink/10 p-5 open:bg-sand">
            <summary className="flex items-center justify-between gap-4 font-semibold">
              <span dir="auto">{item.question}</span>
              <span aria-hidden="true" className="text-coral-600 transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 whitespace-pre-line text-ink/80" dir="auto">
              {item.answer}
            </p>
          </details>
        ))}
      </div>
    </section>
  );
}
