// What `npm start` and `npm run dev` print once the server is on its way.
import { credentialPublicKey } from "../app/config.server";
import { didWebOf } from "../app/credentials/did";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../app/seed/seed.server";

export function printBanner(port: number, driver: string, publicOrigin: string) {
  const lines = [
    "",
    `  Manara is starting on http://localhost:${port}  (Arabic: http://localhost:${port}/ar)`,
    // Every absolute link (mails, canonical links, sitemap, certificates) is built on it, whatever Host a
    // request names: a server reached under another name sets PUBLIC_URL.
    `  Public URL: ${publicOrigin}${process.env.PUBLIC_URL ? "" : "  (PUBLIC_URL is unset: this default)"}`,
    // Certificates' Open Badges credentials are signed as this DID, with this key (decision 053).
    `  Credential issuer: ${didWebOf(publicOrigin)} (key ${credentialPublicKey()})`,
    `  Node ${process.version}`,
    `  Database: ${driver === "pglite" ? "embedded PGlite under DATA_DIR" : "PostgreSQL (DATABASE_URL)"}`,
    `  Demo accounts (password: ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((account) => `    ${account.role.padEnd(8)} ${account.email}`),
    "",
  ];
  console.log(lines.join("\n"));
}
