// `npm run db:seed`: insert the demo content (idempotent), on the embedded database or DATABASE_URL.
import { prepareDatabase } from "./prepare-database";

await prepareDatabase({ seed: "always" });
