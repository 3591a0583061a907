// The origin links in emails point at. PUBLIC_URL when set: a reset link built from the request's Host
// header could be pointed at an attacker's site by a forged header (a "host header injection"), so a
// deployment behind a proxy sets it. Without it (a local `npm start`), the request's own origin.
import { readConfig } from "../config.server";

export function publicOrigin(request: Request): string {
  return readConfig().publicUrl ?? new URL(request.url).origin;
}
