// The figures block: a stat and its label each, as in the home page's hero.
import type { BlockView } from "../../pages/view";
import { BlockHeading, keyed, type Of } from "./shared";

export function FiguresBlock({ block, id }: { block: Of<BlockView, "figures">; id: string }) {
  return (
    <section className="bg-sand py-12" aria-labelledby={block.title ? id : undefined}>
      <div className="mx-auto max-w-7xl px-4">
        <BlockHeading id={id} text={block.title} />
        <dl className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
          {keyed(block.items, (item) => item.label).map(({ key, item }) => (
            <div key={key} className="rounded-xl bg-white p-5 ring-1 ring-ink/10">
              <dt className="text-sm text-ink/75" dir="auto">
                {item.label}
              </dt>
              <dd className="mt-1 text-3xl font-bold text-coral-700" dir="auto">
                {item.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
