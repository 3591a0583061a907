// The block editor's one plain form (issue 49, item 5), pure: every field of the page is named by its path
// (`blocks.2.items.0.title.ar`), read back over the draft it was drawn from, and each submit button is an
// intent — save, add a block, move one up or down, remove it, add or remove an item of a block's list, add
// or remove a picture, publish, restore, delete — so the editor works without JavaScript and a move never
// loses what was typed.
import { z } from "zod";
import { BLOCK_TYPES, type BlockType } from "./block-kinds";
import { type Block, newBlock, type PageContent } from "./blocks";
import { BOOLEAN_KEYS, ID_LIST_KEYS, NUMBER_KEYS, OPTIONAL_PICTURE_KEYS } from "./form-keys";
import { type BlockMove, moveBlock } from "./policy";

const isBilingual = (value: unknown): value is { en: string; ar: string } =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 2 &&
  typeof (value as { en: unknown }).en === "string" &&
  typeof (value as { ar: unknown }).ar === "string";

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

function numberOf(text: string): number | null | string {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function idsOf(text: string): unknown[] {
  return text
    .split(/[\s,،]+/)
    .filter(Boolean)
    .map((part) => (/^\d{1,10}$/.test(part) ? Number(part) : part));
}

/** The value `template` had, with every field the form sent put in its place (typed as the template's). */
function readValue(template: unknown, path: string, fields: Record<string, string>, key: string): unknown {
  if (BOOLEAN_KEYS.has(key)) return fields[path] !== undefined;
  if (NUMBER_KEYS.has(key)) return path in fields ? numberOf(fields[path] ?? "") : template;
  if (ID_LIST_KEYS.has(key)) return path in fields ? idsOf(fields[path] ?? "") : template;
  if (isBilingual(template))
    return { en: fields[join(path, "en")] ?? template.en, ar: fields[join(path, "ar")] ?? template.ar };
  if (Array.isArray(template))
    return template.map((item, index) => readValue(item, join(path, index), fields, ""));
  if (typeof template === "object" && template !== null)
    return Object.fromEntries(
      Object.entries(template).map(([name, child]) => {
        const childPath = join(path, name);
        // A client logo's link may be left empty: none (null), typed or not before.
        if ("logo" in template && name === "href" && childPath in fields)
          return [name, (fields[childPath] ?? "").trim() === "" ? null : fields[childPath]];
        return [name, readValue(child, childPath, fields, name)];
      }),
    );
  if (typeof template === "string") return fields[path] ?? template;
  return template;
}

/** The page's content as the form sent it, over the draft it was drawn from; checked afterwards by `PageContent`. */
export function contentFromForm(template: PageContent, fields: Record<string, string>): PageContent {
  return readValue(template, "", fields, "") as PageContent;
}

const index = z.coerce.number().int().min(0).max(1_000);
const fieldPath = z
  .string()
  .max(200)
  .regex(/^blocks\.\d{1,3}(\.[A-Za-z]+|\.\d{1,3})*$/);

/** Every submit button of the editor: `intent` names it, its other fields say what it acts on. */
export const EditorIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save") }),
  z.object({ intent: z.literal("add"), blockType: z.enum(BLOCK_TYPES) }),
  z.object({ intent: z.literal("move"), target: z.string().regex(/^\d{1,3}:(up|down|remove)$/) }),
  z.object({ intent: z.literal("addItem"), target: fieldPath }),
  z.object({ intent: z.literal("removeItem"), target: fieldPath }),
  z.object({ intent: z.literal("addPicture"), target: fieldPath }),
  z.object({ intent: z.literal("removePicture"), target: fieldPath }),
  z.object({ intent: z.literal("publish"), at: z.string().max(40).optional() }),
  z.object({ intent: z.literal("restore"), revisionId: index }),
  z.object({ intent: z.literal("delete") }),
]);
export type EditorIntent = z.infer<typeof EditorIntent>;

type Container = Record<string, unknown> | unknown[];

/** The container a path points into and the last key, or null when the path leads nowhere. */
function locate(root: unknown, path: string): { parent: Container; key: string } | null {
  const parts = path.split(".");
  const key = parts.pop();
  let node: unknown = root;
  for (const part of parts) {
    if (typeof node !== "object" || node === null) return null;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== "object" || node === null || key === undefined) return null;
  return { parent: node as Container, key };
}

/** What a new item of a block's list looks like: the first item of that list in a new block of the same type. */
function newItem(content: PageContent, path: string, placeholder: string): unknown {
  const [, blockIndex, ...rest] = path.split(".");
  const block = content.blocks[Number(blockIndex)];
  if (!block) return null;
  let node: unknown = newBlock(block.type, placeholder);
  for (const part of rest) node = (node as Record<string, unknown> | undefined)?.[part];
  if (Array.isArray(node)) return structuredClone(node[0] ?? { en: placeholder, ar: "" });
  if (rest.at(-1) === "points") return { en: placeholder, ar: "" };
  if (rest.at(-1) === "actions") return { label: { en: placeholder, ar: "" }, href: "/contact" };
  return null;
}

/**
 * The content after the block-list changes of an intent (a save changes nothing here). Pure: works on a copy,
 * and a target that leads nowhere changes nothing (the result is checked by `PageContent` anyway).
 */
export function applyIntent(content: PageContent, intent: EditorIntent, placeholder: string): PageContent {
  const next = structuredClone(content) as PageContent;
  switch (intent.intent) {
    case "add":
      next.blocks.push(newBlock(intent.blockType as BlockType, placeholder));
      return next;
    case "move": {
      const [at, move] = intent.target.split(":") as [string, BlockMove];
      next.blocks = moveBlock(next.blocks, Number(at), move);
      return next;
    }
    case "addItem": {
      const found = locate(next, intent.target);
      const list = found ? (found.parent as Record<string, unknown>)[found.key] : null;
      const item = newItem(next, intent.target, placeholder);
      if (Array.isArray(list) && item !== null) list.push(item);
      return next;
    }
    case "removeItem": {
      const found = locate(next, intent.target);
      if (found && Array.isArray(found.parent) && /^\d+$/.test(found.key))
        found.parent.splice(Number(found.key), 1);
      return next;
    }
    case "addPicture":
    case "removePicture": {
      const found = locate(next, intent.target);
      if (found && !Array.isArray(found.parent) && OPTIONAL_PICTURE_KEYS.has(found.key))
        found.parent[found.key] =
          intent.intent === "addPicture" ? { src: "/images/course.jpg", alt: { en: "", ar: "" } } : null;
      return next;
    }
    default:
      return next;
  }
}

/** Whether the intent changes the draft (and so saves it), rather than publishing, restoring or deleting. */
export const changesDraft = (intent: EditorIntent) =>
  !["publish", "restore", "delete"].includes(intent.intent);

/** A validation issue's form field: its path joined with dots, as the fields are named. */
export const fieldOfIssue = (path: readonly PropertyKey[]) => path.map(String).join(".") || "form";

export type { Block };
