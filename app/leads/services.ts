// The agency's services a lead can ask about, apart from the lead rules (app/leads/policy.ts, which builds zod
// schemas and parses phone numbers): the page editor and the services block import these in the browser.

/** The services of /services a visitor can ask about: the keys of `pages:services.items` (their `icon`). */
export const SERVICE_KEYS = ["strategy", "social", "content", "ads", "seo", "web"] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];
