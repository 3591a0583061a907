// An image that only decorates: its alt is empty because the text beside it says everything (a logo beside
// the brand's name, a course's thumbnail beside its title). A visitor who sends `Save-Data: on`
// (app/lib/save-data.ts) is not sent it. Every `alt=""` of the app is written here
// (tests/unit/save-data.test.ts checks).
import type { ComponentProps } from "react";
import { useSaveData } from "../lib/save-data";

/**
 * Give it a width and height (or a sized class) as usual: with the image left out, the element around it
 * must still have its size from its text, so nothing moves or overflows.
 */
export function DecorativeImage(props: Omit<ComponentProps<"img">, "alt">) {
  if (useSaveData()) return null;
  return <img {...props} alt="" />;
}
