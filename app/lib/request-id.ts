// Each request's id: made by the Express app (server/request-id.ts) — or taken from the X-Request-Id a trusted
// proxy sent — answered in X-Request-Id and put on the router context, so every log line of the request,
// and above all an unexpected 5xx's, names it (decision 059).
import { createContext, type RouterContextProvider } from "react-router";

/** null where no server made one (the Vite development server's own requests, tests calling routes). */
export const requestIdContext = createContext<string | null>(null);

export function requestIdOf(context: Readonly<RouterContextProvider> | undefined): string | null {
  try {
    return context?.get(requestIdContext) ?? null;
  } catch {
    // A context React Router made without ours (a render without middleware).
    return null;
  }
}

const loggedFailures = new WeakSet<object>();

/** Says that the request's unexpected error has been logged (with its id), so no one logs it again. */
export function noteFailureLogged(context: Readonly<RouterContextProvider> | undefined): void {
  if (context) loggedFailures.add(context);
}

export function failureWasLogged(context: Readonly<RouterContextProvider> | undefined): boolean {
  return context ? loggedFailures.has(context) : false;
}
