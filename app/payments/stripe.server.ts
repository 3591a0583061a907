// The card-payment adapter: Stripe Checkout through the `stripe` SDK when STRIPE_SECRET_KEY and
// STRIPE_WEBHOOK_SECRET are both set; otherwise null, and top-ups stay bank-transfer requests.
// STRIPE_API_URL (tests only) points the SDK at a local fake of Stripe's API (tests/fakes/stripe.ts).

import Stripe from "stripe";
import { type Environment, environment } from "../config.server";

export type StripeConfig = { secretKey: string; webhookSecret: string; apiUrl: string | null };

export type CardPayments = { stripe: Stripe; webhookSecret: string };

/** Both secrets or neither: one alone is a configuration mistake the server refuses to start with. */
export function readStripeConfig(env: Environment = environment()): StripeConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() ?? "";
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() ?? "";
  if (!secretKey && !webhookSecret) return null;
  if (!secretKey || !webhookSecret) {
    throw new Error("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together");
  }
  const apiUrl = env.STRIPE_API_URL?.trim() || null;
  if (apiUrl !== null && !URL.canParse(apiUrl)) throw new Error("STRIPE_API_URL must be a URL");
  return { secretKey, webhookSecret, apiUrl };
}

let cached: { key: string; value: CardPayments | null } | undefined;

/** The configured Stripe client, built once per configuration (tests change the environment). */
export function cardPayments(env: Environment = environment()): CardPayments | null {
  const config = readStripeConfig(env);
  const key = config ? `${config.secretKey}\n${config.webhookSecret}\n${config.apiUrl ?? ""}` : "";
  if (cached?.key === key) return cached.value;
  let value: CardPayments | null = null;
  if (config) {
    const api = config.apiUrl ? new URL(config.apiUrl) : null;
    const stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === "http:" ? 80 : 443),
            protocol: api.protocol === "http:" ? "http" : "https",
          }
        : {}),
    });
    value = { stripe, webhookSecret: config.webhookSecret };
  }
  cached = { key, value };
  return value;
}

/** Checkout's pages live here; the wallet form's redirect goes there, so the CSP's form-action allows it. */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";
