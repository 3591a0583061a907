// The origin links in emails point at. PUBLIC_URL when set: a reset link built from the request's Host
// header could be pointed at an attacker's site by a forged header (a "host header injection"), so a
// deployment behind a proxy sets it. Without it (a local `npm start`), the request's own origin.

let configured: string | null | undefined;

export function publicOrigin(request: Request, env: NodeJS.ProcessEnv = process.env): string {
  if (env !== process.env) return parsePublicUrl(env.PUBLIC_URL) ?? new URL(request.url).origin;
  configured ??= parsePublicUrl(env.PUBLIC_URL);
  return configured ?? new URL(request.url).origin;
}

export function parsePublicUrl(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      `PUBLIC_URL must be an absolute http(s) URL such as https://manara.example; got "${value}".`,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`PUBLIC_URL must use http or https; got "${value}".`);
  return url.origin;
}
