// Sign-up, sign-in, the caller's profile and password (app/routes/api/auth-*.ts).
import { z } from "zod";
import { ForgotPasswordInput, ResetPasswordInput } from "../../account/password-reset.server";
import { ProfilePatch } from "../../account/profile.server";
import { PasswordChangeInput } from "../../account/security.server";
import { ApiLoginInput, ApiSignupInput } from "../../auth/accounts.server";
import { ApiUser, type EndpointDoc, json, ok, UserWithToken } from "../registry";

const GoogleToken = z.object({
  token: z
    .union([z.string(), z.object({ credential: z.string() }), z.object({ idToken: z.string() })])
    .describe("A Google ID token, bare or wrapped as {credential} / {idToken} / {token}"),
});

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
