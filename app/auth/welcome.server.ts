// The welcome email after a sign-up. A mail that fails to go out is logged and never fails the sign-up:
// the account exists either way.
import type { RouterContextProvider } from "react-router";
import { publicOrigin } from "../config.server";
import type { User } from "../db/schema";
import { type Locale, localizePath } from "../i18n/languages";
import { welcomeMail } from "../mail/messages.server";
import { getI18n } from "../middleware/i18next.server";
import { getMailer } from "../middleware/mail.server";

export async function sendWelcomeMail(
  context: Readonly<RouterContextProvider>,
  locale: Locale,
  user: Pick<User, "email" | "name">,
): Promise<void> {
  const t = getI18n(context).getFixedT(locale, "mail");
  const coursesUrl = `${publicOrigin()}${localizePath("/courses", locale)}`;
  try {
    await getMailer(context).send(welcomeMail(t, locale, { to: user.email, name: user.name, coursesUrl }));
  } catch (error) {
    console.error("welcome mail failed", error);
  }
}
