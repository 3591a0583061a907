// Whether to offer "Continue with Google": only when the OAuth client (id and secret) is configured.
import { googleConfig } from "./google.server";

export function isGoogleSignInEnabled(): boolean {
  return googleConfig() !== null;
}
