// The testimonials block: a quote, who said it (name, role, company) and an optional photo each.
import type { BlockView } from "../../pages/view";
import { BlockHeading, BlockPicture, keyed, type Of } from "./shared";

export function TestimonialsBlock({ block, id }: { block: Of<BlockView, "testimonials">; id: string }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby={block.title ? id : undefined}>
      <BlockHeading id={id} text={block.title} />
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {keyed(block.items, (item) => item.name).map(({ key, item }) => (
          <li key={key}>
            <figure className="h-full rounded-xl border border-ink/10 p-6">
              <blockquote className="text-lg text-ink/85" dir="auto">
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className="mt-4 flex items-center gap-3">
                {item.photo ? (
                  <BlockPicture
                    image={item.photo}
                    width={48}
                    height={48}
                    className="size-12 rounded-full object-cover"
                  />
                ) : null}
                <span>
                  <span className="block font-semibold" dir="auto">
                    {item.name}
                  </span>
                  {item.role || item.company ? (
                    <span className="block text-sm text-ink/70" dir="auto">
                      {[item.role, item.company].filter(Boolean).join(" · ")}
                    </span>
                  ) : null}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
