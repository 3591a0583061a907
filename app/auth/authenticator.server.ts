// remix-auth v4 for the password form. remix-auth keeps no session of its own: the strategy only says
// who the credentials belong to, and sign-in.server.ts turns that into a session row and cookie.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Database } from "../db/client.server";
import { type SignInOutcome, signInWithPassword } from "./sign-in.server";

export function passwordAuthenticator(db: Database): Authenticator<SignInOutcome> {
  return new Authenticator<SignInOutcome>().use(
    new FormStrategy(async ({ form, request }) => {
      const email = String(form.get("email") ?? "")
        .trim()
        .toLowerCase();
      const password = String(form.get("password") ?? "");
      return signInWithPassword(db, request, email, password);
    }),
    "password",
  );
}
