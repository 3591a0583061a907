// The learner's choice of video quality (Auto, High, Low, Audio only; decision 058), remembered in a cookie
// of its own for a year: it belongs to the device and its connection, not to the account, and a guest
// watching a free preview has one too. Not signed: any value but the four reads as "auto".
import { createCookie } from "react-router";
import { readConfig } from "../config.server";
import { isQualityChoice, type QualityChoice } from "./renditions";

type Cookie = ReturnType<typeof createCookie>;
let cookie: Cookie | undefined;

function qualityCookie(): Cookie {
  cookie ??= createCookie("manara_video_quality", {
    httpOnly: true,
    sameSite: "lax",
    secure: readConfig().isProduction,
    path: "/",
    maxAge: 365 * 24 * 60 * 60,
  });
  return cookie;
}

export async function readQualityChoice(request: Request): Promise<QualityChoice> {
  try {
    const value = await qualityCookie().parse(request.headers.get("Cookie"));
    return isQualityChoice(value) ? value : "auto";
  } catch {
    return "auto";
  }
}

/** The Set-Cookie header that remembers `choice`. */
export function rememberQualityChoice(choice: QualityChoice): Promise<string> {
  return qualityCookie().serialize(choice);
}
