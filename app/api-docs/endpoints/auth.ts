// Sign-up, sign-in, the caller's profile and password (app/routes/api/auth-*.ts).
import { z } from "zod";
import { EMAIL_CHANGE_HOURS, EmailChangeConfirmInput, EmailChangeInput } from "../../account/email.server";
import { ForgotPasswordInput, ResetPasswordInput } from "../../account/password-reset.server";
import { ProfilePatch } from "../../account/profile.server";
import { PasswordChangeInput } from "../../account/security.server";
import { ApiLoginInput, ApiSignupInput } from "../../auth/accounts.server";
import { ApiUser, type EndpointDoc, isoDate, json, ok, UserWithToken } from "../registry";

const GoogleToken = z.object({
  token: z
    .union([z.string(), z.object({ credential: z.string() }), z.object({ idToken: z.string() })])
    .describe("A Google ID token, bare or wrapped as {credential} / {idToken} / {token}"),
});

const PendingEmail = z
  .strictObject({ email: z.string(), expiresAt: isoDate })
  .describe("A change waiting for its link to be opened: the new address and when the link runs out");

export const authEndpoints: EndpointDoc[] = [
  {
    method: "post",
    route: "api/auth/signup",
    tag: "Auth",
    summary: "Create an account and get an API token",
    auth: "public",
    body: json(ApiSignupInput),
    responses: { 201: ok("The new user and a Bearer token", UserWithToken) },
    errors: [
      [409, "email_taken"],
      [429, "rate_limited"],
    ],
  },
  {
    method: "post",
    route: "api/auth/login",
    tag: "Auth",
    summary: "Sign in with email and password",
    auth: "public",
    body: json(ApiLoginInput),
    responses: { 200: ok("The user and a Bearer token", UserWithToken) },
    errors: [
      [401, "unauthorized"],
      [429, "rate_limited"],
    ],
  },
  {
    method: "post",
    route: "api/auth/google",
    tag: "Auth",
    summary: "Trade a Google ID token for an API token",
    description: "404 when Google sign-in is not configured.",
    auth: "public",
    body: json(GoogleToken),
    responses: { 200: ok("The user and a Bearer token", UserWithToken) },
    errors: [
      [401, "unauthorized"],
      [403, "forbidden"],
      [404, "not_found"],
      [409, "email_taken"],
    ],
  },
  {
    method: "post",
    route: "api/auth/logout",
    tag: "Auth",
    summary: "Revoke the calling token",
    auth: "user",
    responses: { 204: ok("Signed out") },
  },
  {
    method: "get",
    route: "api/auth/me",
    tag: "Auth",
    summary: "The caller, with their favourite courses",
    description: "Cached privately for 300 s.",
    auth: "user",
    responses: {
      200: ok(
        "The caller",
        z.strictObject({
          user: ApiUser.extend({
            favorites: z.array(z.strictObject({ course: z.strictObject({ id: z.int() }) })),
          }).strict(),
        }),
      ),
    },
  },
  {
    method: "patch",
    route: "api/auth/me",
    tag: "Auth",
    summary: "Change the caller's display names",
    auth: "user",
    body: json(ProfilePatch),
    responses: { 200: ok("The updated user", z.strictObject({ user: ApiUser })) },
  },
  {
    method: "post",
    route: "api/auth/password",
    tag: "Auth",
    summary: "Change the caller's password",
    description: "Ends every other session; the calling token stays valid. A wrong current password is 422.",
    auth: "user",
    body: json(PasswordChangeInput),
    responses: { 200: ok("Sessions ended", z.strictObject({ revokedSessions: z.int().min(0) })) },
  },
  {
    method: "get",
    route: "api/auth/email",
    tag: "Auth",
    summary: "The caller's sign-in email and a change waiting for confirmation",
    auth: "user",
    responses: {
      200: ok(
        "The email, and the pending change or null",
        z.strictObject({ email: z.string(), pending: PendingEmail.nullable() }),
      ),
    },
  },
  {
    method: "post",
    route: "api/auth/email",
    tag: "Auth",
    summary: "Ask to change the caller's sign-in email",
    description:
      "Checks the current password and stores a pending change, replacing an older one: a single-use link " +
      `valid for ${EMAIL_CHANGE_HOURS} hours goes to the new address, and the current address is told (without ` +
      "the link). The email changes only through POST /api/auth/email/confirm. A wrong password or the same " +
      "address is 422 with a field error; an address in use is 409; more than 5 requests an hour per account " +
      "(or 20 per client address) are 429.",
    auth: "user",
    body: json(EmailChangeInput),
    responses: { 202: ok("The pending change", z.strictObject({ pending: PendingEmail })) },
    errors: [
      [409, "email_taken"],
      [429, "rate_limited"],
    ],
  },
  {
    method: "delete",
    route: "api/auth/email",
    tag: "Auth",
    summary: "Cancel the caller's pending email change",
    description: "Its link stops working. 204 whether or not a change was pending.",
    auth: "user",
    responses: { 204: ok("No change is pending") },
  },
  {
    method: "post",
    route: "api/auth/email/confirm",
    tag: "Auth",
    summary: "Confirm a pending email change with its link's token",
    description:
      "The `token` query parameter of the link mailed to the new address, sent by the account that asked. " +
      "Spends the token, changes the email and ends outstanding password-reset links; other sessions stay " +
      "signed in. `token_invalid` (422): unknown, used, replaced by a newer request, or another account's. " +
      "`token_expired` (410): it ran out. 409: the address was taken in the meantime.",
    auth: "user",
    body: json(EmailChangeConfirmInput),
    responses: { 200: ok("The caller, with the new email", z.strictObject({ user: ApiUser })) },
    errors: [
      [409, "email_taken"],
      [410, "token_expired"],
      [422, "token_invalid"],
    ],
  },
  {
    method: "post",
    route: "api/auth/forgot-password",
    tag: "Auth",
    summary: "Mail a password reset link",
    description:
      "Answers 202 with the same message whether or not the email has an account; the link goes out only " +
      "to an account's address, works once and for 30 minutes. Too many requests from one address are 429.",
    auth: "public",
    body: json(ForgotPasswordInput),
    responses: { 202: ok("Accepted", z.strictObject({ message: z.string() })) },
    errors: [[429, "rate_limited"]],
  },
  {
    method: "post",
    route: "api/auth/reset-password",
    tag: "Auth",
    summary: "Set a new password with a reset link's token",
    description:
      "Spends the token (the `token` query parameter of the mailed link) and ends every session and API " +
      "token of the account. An unknown, used or expired token is 422 with `fields.token`.",
    auth: "public",
    body: json(ResetPasswordInput),
    responses: {
      200: ok("Password set; sessions ended", z.strictObject({ revokedSessions: z.int().min(0) })),
    },
  },
];
