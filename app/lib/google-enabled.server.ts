// Whether to offer "Continue with Google": only when the OAuth client is configured.
export function isGoogleSignInEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}
