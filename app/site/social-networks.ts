// The social networks of the site's settings, apart from the settings' schemas (app/site/settings.ts): the
// footer and the settings page import these in the browser.

/** The social networks the footer can link to, in the order it shows them. */
export const SOCIAL_NETWORKS = [
  "x",
  "linkedin",
  "instagram",
  "youtube",
  "tiktok",
  "snapchat",
  "facebook",
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
