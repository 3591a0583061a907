// The demo consultations' availability (issue 48, item 4): Sunday to Thursday, 10:00–16:00 in Riyadh, saved
// as an admin would, so a fresh install offers slots and the admin page shows it saved. Only when no admin
// saved one yet: a second run changes nothing.
import { getAvailability, saveAvailability } from "../consultations/consultations.server";
import { DEFAULT_AVAILABILITY } from "../consultations/policy";
import type { Database } from "../db/client.server";

export async function seedDemoConsultations(db: Database, adminId: string): Promise<void> {
  const stored = await getAvailability(db);
  if (stored.updatedAt !== null) return;
  await saveAvailability(db, DEFAULT_AVAILABILITY, adminId);
}
