// The hero block: the page's title (its one h1), a lead, up to two calls to action and an optional image, in
// the home page's coral band.
import type { BlockView } from "../../pages/view";
import { BlockLink, BlockPicture, keyed, type Of } from "./shared";

export function HeroBlock({ block }: { block: Of<BlockView, "hero"> }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-coral-600 to-coral-700 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:py-24 lg:grid-cols-2">
        <div>
          {block.eyebrow ? (
            <p className="font-semibold text-white" dir="auto">
              {block.eyebrow}
            </p>
          ) : null}
          <h1 className="mt-3 text-4xl font-bold leading-tight tracking-tight sm:text-5xl" dir="auto">
            {block.title}
          </h1>
          {block.lead ? (
            <p className="mt-5 max-w-xl text-lg text-white" dir="auto">
              {block.lead}
            </p>
          ) : null}
          {block.actions.length > 0 ? (
            <div className="mt-8 flex flex-wrap gap-3">
              {keyed(block.actions, (action) => action.href).map(({ key, item: action, index }) => (
                <BlockLink
                  key={key}
                  href={action.href}
                  className={
                    index === 0
                      ? "rounded-md bg-white px-5 py-3 font-semibold text-coral-700 shadow hover:bg-coral-50"
                      : "rounded-md border border-white/70 px-5 py-3 font-semibold hover:bg-coral-800"
                  }
                >
                  <span dir="auto">{action.label}</span>
                </BlockLink>
              ))}
            </div>
          ) : null}
        </div>
        {block.picture ? (
          <BlockPicture
            image={block.picture}
            width={640}
            height={480}
            className="w-full rounded-2xl object-cover shadow-lg"
          />
        ) : null}
      </div>
    </section>
  );
}
