// remix-auth v4 for the password form. remix-auth keeps no session of its own: the strategy only says
// who the credentials belong to, and sign-in.server.ts turns that into a session row and cookie.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Database } from "../db/client.server";
import { type SignInOutcome, signInWithPassword } from "./sign-in.server";

/** `address`: where the attempt came from (app/lib/client-address.ts). */
export function passwordAuthenticator(db: Database, address: string): Authenticator<SignInOutcome> {
  return new Authenticator<SignInOutcome>().use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get("email") ?? "")
        .trim()
        .toLowerCase();
      const password = String(form.get("password") ?? "");
      return signInWithPassword(db, address, email, password);
    }),
    "password",
  );
}
