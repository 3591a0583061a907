// The kinds a page's blocks choose from, apart from the block schemas (app/pages/blocks.ts): the page editor
// and the blocks' components import these in the browser, where a module that builds zod schemas would ship
// zod and probe eval, which the Content-Security-Policy refuses.
import { SERVICE_KEYS } from "../leads/services";

/** Every block type, in the order the editor offers them. */
export const BLOCK_TYPES = [
  "hero",
  "richText",
  "services",
  "process",
  "figures",
  "testimonials",
  "logos",
  "team",
  "faq",
  "rail",
  "cta",
  "image",
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** A services block's icons: the agency's services, so a visitor's enquiry can name one. */
export const SERVICE_ICONS = SERVICE_KEYS;
export const RAIL_SOURCES = ["courses", "caseStudies", "posts"] as const;
export const CTA_KINDS = ["contact", "consultation", "newsletter"] as const;
