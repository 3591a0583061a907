// Which card providers take orders, by configuration (issue 46, item 3): each provider whose variables are
// set is on; several may be at once. Built once per configuration (tests change the environment).
import { type Environment, environment, readMoyasarConfig, readPaymobConfig } from "../../config.server";
import { cardPayments, readStripeConfig, STRIPE_CHECKOUT_ORIGIN } from "../stripe.server";
import { moyasarProvider } from "./moyasar.server";
import { paymobProvider } from "./paymob.server";
import { stripeOrderProvider } from "./stripe-checkout.server";
import type { CardProvider, CardProviderName } from "./types";

let cached: { key: string; providers: Map<CardProviderName, CardProvider> } | undefined;

/** The providers that are on, in the order the checkout offers them. */
export function cardProviders(env: Environment = environment()): Map<CardProviderName, CardProvider> {
  const moyasar = readMoyasarConfig(env);
  const paymob = readPaymobConfig(env);
  const stripe = readStripeConfig(env);
  const key = JSON.stringify([moyasar, paymob, stripe]);
  if (cached?.key === key) return cached.providers;
  const providers = new Map<CardProviderName, CardProvider>();
  if (moyasar) providers.set("moyasar", moyasarProvider(moyasar));
  if (paymob) providers.set("paymob", paymobProvider(paymob));
  const stripeClient = stripe ? cardPayments(env) : null;
  if (stripeClient) providers.set("stripe", stripeOrderProvider(stripeClient, STRIPE_CHECKOUT_ORIGIN));
  cached = { key, providers };
  return providers;
}

export function cardProvider(name: string, env?: Environment): CardProvider | null {
  return cardProviders(env).get(name as CardProviderName) ?? null;
}

/** The names of the providers that take orders now. */
export function availableCardProviders(env?: Environment): CardProviderName[] {
  return [...cardProviders(env).keys()];
}

/** Where the checkout's form may be redirected (its CSP's form-action). */
export function cardCheckoutOrigins(env?: Environment): string[] {
  return [...cardProviders(env).values()].flatMap((provider) => provider.checkoutOrigins);
}
