// Renames the elements through which React Router's <Scripts> makes the browser fetch the page's modules
// while it parses the document; START_SCRIPTS recreates them after the first paint (app/lib/deferred-scripts.server.ts).
// Applied by the document's stream splice (app/lib/splice-document.server.ts). Only markup React Router writes
// can match: in page text React escapes the quotes (&quot;), and in the JSON the page carries they are escaped (\").
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL, pageScriptsDeferred } from "./deferred-scripts.server";
import type { Splice } from "./splice-document.server";

export const DEFER_MODULE_SCRIPTS: readonly Splice[] = !pageScriptsDeferred()
  ? []
  : [
      { from: Buffer.from('rel="modulepreload"'), to: Buffer.from(`rel="${DEFERRED_PRELOAD_REL}"`) },
      { from: Buffer.from(' type="module" async=""'), to: Buffer.from(` type="${DEFERRED_MODULE_TYPE}"`) },
    ];
