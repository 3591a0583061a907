// A page's blocks, each drawn by its own component on the server; nothing here needs JavaScript.
import type { BlockView } from "../../pages/view";
import { CtaBlock } from "./cta";
import { FaqBlock } from "./faq";
import { FiguresBlock } from "./figures";
import { HeroBlock } from "./hero";
import { ImageBlock } from "./image";
import { LogosBlock } from "./logos";
import { ProcessBlock } from "./process";
import { RailBlock } from "./rail";
import { RichTextBlock } from "./rich-text";
import { ServicesBlock } from "./services";
import { TeamBlock } from "./team";
import { TestimonialsBlock } from "./testimonials";

function OneBlock({ block, id }: { block: BlockView; id: string }) {
  switch (block.type) {
    case "hero":
      return <HeroBlock block={block} />;
    case "richText":
      return <RichTextBlock block={block} />;
    case "services":
      return <ServicesBlock block={block} id={id} />;
    case "process":
      return <ProcessBlock block={block} id={id} />;
    case "figures":
      return <FiguresBlock block={block} id={id} />;
    case "testimonials":
      return <TestimonialsBlock block={block} id={id} />;
    case "logos":
      return <LogosBlock block={block} id={id} />;
    case "team":
      return <TeamBlock block={block} id={id} />;
    case "faq":
      return <FaqBlock block={block} id={id} />;
    case "rail":
      return <RailBlock block={block} id={id} />;
    case "cta":
      return <CtaBlock block={block} />;
    case "image":
      return <ImageBlock block={block} />;
  }
}

export function PageBlocks({ blocks }: { blocks: readonly BlockView[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        // Blocks have no ids of their own: their place is who they are (the editor moves them by place).
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is server-rendered and never reordered here.
        <OneBlock key={index} block={block} id={`block-${index}-heading`} />
      ))}
    </>
  );
}
