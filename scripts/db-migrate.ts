// `npm run db:migrate`: apply pending migrations from drizzle/ to the configured database.
import { prepareDatabase } from "./prepare-database";

const { driver } = await prepareDatabase({ seed: "never" });
console.log(`Migrations applied (${driver}).`);
