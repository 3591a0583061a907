// The Content-Security-Policy of every HTML document: scripts only from this origin or carrying the
// request's nonce (React Router's inline hydration scripts), nothing may frame the site.

import { randomBytes } from "node:crypto";
import { type Environment, environment } from "../config.server";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Enforced (not report-only). Inline style attributes stay allowed: React's `style` props need them. */
/**
 * With Vimeo configured (`vimeo`), its player may be framed and the browser may send tus uploads to Vimeo's
 * upload hosts; otherwise neither.
 */
/**
 * With Stripe configured (`stripe`), forms may redirect to Stripe Checkout (the wallet's card top-up); with
 * card providers for orders on, the checkout's form may redirect to their hosted pages (`cardOrigins`, from
 * app/payments/providers/ by the document's renderer: a POST answered 303 to the provider, without JavaScript).
 */
export function contentSecurityPolicy(
  nonce: string,
  options: { vimeo?: boolean; stripe?: boolean; cardOrigins?: string[]; env?: Environment } = {},
): string {
  const env = options.env ?? environment();
  const vimeo = options.vimeo ?? Boolean(env.VIMEO_ACCESS_TOKEN);
  const stripe = options.stripe ?? Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
  const formTargets = [
    "'self'",
    ...(stripe ? ["https://checkout.stripe.com"] : []),
    ...(options.cardOrigins ?? []),
  ];
  // The tests' fake Vimeo (VIMEO_API_URL, VIMEO_PLAYER_ORIGIN: tests only) stands where Vimeo's hosts do.
  const uploadHosts = ["https://*.vimeo.com", env.VIMEO_API_URL ? new URL(env.VIMEO_API_URL).origin : ""];
  const playerOrigin = env.VIMEO_PLAYER_ORIGIN
    ? new URL(env.VIMEO_PLAYER_ORIGIN).origin
    : "https://player.vimeo.com";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://res.cloudinary.com",
    "font-src 'self' data:", // Vite inlines the smallest font subsets into the stylesheet
    vimeo ? `connect-src 'self' ${uploadHosts.filter(Boolean).join(" ")}` : "connect-src 'self'",
    "media-src 'self' blob:",
    vimeo ? `frame-src 'self' ${playerOrigin}` : "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${[...new Set(formTargets)].join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}
