// Shared by `npm start`, `npm run dev` and the db:* scripts: open (and so migrate) the database, maybe seed it.
import { openConfiguredDatabase } from "../app/db/client.server";
import { isDatabaseEmpty, seedDemoContent } from "../app/seed/seed.server";

export async function prepareDatabase({ seed }: { seed: "always" | "if-empty-embedded" | "never" }) {
  const handle = await openConfiguredDatabase();
  try {
    const shouldSeed =
      seed === "always" ||
      (seed === "if-empty-embedded" && handle.driver === "pglite" && (await isDatabaseEmpty(handle.db)));
    if (shouldSeed) {
      await seedDemoContent(handle.db);
      console.log("Demo content is in place.");
    }
    return { driver: handle.driver };
  } finally {
    // PGlite keeps its files open; close before the server process opens them.
    await handle.close();
  }
}
