// The client logos block: each logo with its alt text (the client's name), linked when it has an address.
import type { BlockView } from "../../pages/view";
import { BlockHeading, BlockLink, BlockPicture, keyed, type Of } from "./shared";

export function LogosBlock({ block, id }: { block: Of<BlockView, "logos">; id: string }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby={block.title ? id : undefined}>
      <BlockHeading id={id} text={block.title} />
      <ul className="mt-6 flex flex-wrap items-center gap-8">
        {keyed(block.items, (item) => item.logo.src).map(({ key, item }) => {
          const logo = (
            <BlockPicture image={item.logo} width={160} height={64} className="h-12 w-auto object-contain" />
          );
          return (
            <li key={key}>
              {item.href ? (
                <BlockLink href={item.href} className="inline-block rounded focus-visible:outline-2">
                  {logo}
                </BlockLink>
              ) : (
                logo
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
