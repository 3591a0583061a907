// The process block: numbered steps, as on the services page.
import type { BlockView } from "../../pages/view";
import { BlockHeading, keyed, type Of } from "./shared";

export function ProcessBlock({ block, id }: { block: Of<BlockView, "process">; id: string }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby={block.title ? id : undefined}>
      <BlockHeading id={id} text={block.title} />
      <ol className="mt-6 grid gap-6 md:grid-cols-4">
        {keyed(block.steps, (step) => step.title).map(({ key, item: step, index }) => (
          <li key={key} className="rounded-xl bg-sand p-5">
            <span className="text-3xl font-bold text-coral-500">{index + 1}</span>
            <h3 className="mt-2 font-semibold" dir="auto">
              {step.title}
            </h3>
            {step.text ? (
              <p className="mt-1 text-sm text-ink/75" dir="auto">
                {step.text}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
