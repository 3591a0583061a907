// What `npm start` and `npm run dev` print once the server is on its way.
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../app/db/seed.server";

export function printBanner(port: number, driver: string) {
  const lines = [
    "",
    `  Manara is starting on http://localhost:${port}  (Arabic: http://localhost:${port}/ar)`,
    `  Node ${process.version}`,
    `  Database: ${driver === "pglite" ? "embedded PGlite under DATA_DIR" : "PostgreSQL (DATABASE_URL)"}`,
    `  Demo accounts (password: ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((account) => `    ${account.role.padEnd(8)} ${account.email}`),
    "",
  ];
  console.log(lines.join("\n"));
}
