// The call to action block: the home page's dark band, its button leading to the contact form, a
// consultation or the newsletter.
import type { CTA_KINDS } from "../../pages/block-kinds";
import type { BlockView } from "../../pages/view";
import { BlockLink, type Of } from "./shared";

const TARGETS: Record<(typeof CTA_KINDS)[number], string> = {
  contact: "/contact",
  consultation: "/consultation",
  newsletter: "/newsletter",
};

export function CtaBlock({ block }: { block: Of<BlockView, "cta"> }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12">
      <div className="rounded-2xl bg-ink px-6 py-12 text-center text-white sm:px-12">
        <h2 className="text-2xl font-bold sm:text-3xl" dir="auto">
          {block.title}
        </h2>
        {block.text ? (
          <p className="mx-auto mt-3 max-w-2xl text-white/80" dir="auto">
            {block.text}
          </p>
        ) : null}
        <BlockLink
          href={TARGETS[block.kind]}
          className="mt-6 inline-block rounded-md bg-coral-600 px-6 py-3 font-semibold hover:bg-coral-700"
        >
          <span dir="auto">{block.label}</span>
        </BlockLink>
      </div>
    </section>
  );
}
