// The data saver (issue 36): a browser in a data-saving mode (Chrome's Lite mode, a phone on a metered plan)
// sends `Save-Data: on` with every request (https://wicg.github.io/savedata/). Such a visitor gets pages
// without the web fonts (app/entry.server.tsx) and without decorative images
// (app/components/decorative-image.tsx); the system font stack renders both languages.
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root";

export const SAVE_DATA_HEADER = "Save-Data";

/**
 * Whether a request asks to save data: its Save-Data header holds the token "on", in any case. The header is
 * a `;`-separated list of tokens (a repeated header arrives joined with ","); any other value, or none, is a
 * normal request.
 */
export function asksToSaveData(headers: Headers): boolean {
  const value = headers.get(SAVE_DATA_HEADER);
  if (!value) return false;
  return value.split(/[;,]/).some((token) => token.trim().toLowerCase() === "on");
}

/** In components: whether the page was asked for with Save-Data, as the root loader read it. */
export function useSaveData(): boolean {
  return useRouteLoaderData<typeof rootLoader>("root")?.saveData ?? false;
}
