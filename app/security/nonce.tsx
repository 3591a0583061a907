// Hands the request's CSP nonce to the document's script tags. On the client it is "" (browsers hide a
// nonce from the DOM after using it, so there is nothing to hydrate against).
import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
