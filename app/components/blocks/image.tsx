// The image block: one picture with its alt text and an optional caption.
import type { BlockView } from "../../pages/view";
import { BlockPicture, type Of } from "./shared";

export function ImageBlock({ block }: { block: Of<BlockView, "image"> }) {
  return (
    <figure className="mx-auto max-w-5xl px-4 py-12">
      <BlockPicture
        image={block.picture}
        width={1200}
        height={675}
        className="w-full rounded-2xl object-cover"
      />
      {block.caption ? (
        <figcaption className="mt-3 text-center text-sm text-ink/70" dir="auto">
          {block.caption}
        </figcaption>
      ) : null}
    </figure>
  );
}
