// Settings generated once and shared by every process through the database.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

/** Returns the stored value of `key`, storing `generate()` first if there is none (race-safe). */
export async function getOrCreateSetting(db: Db, key: string, generate: () => string): Promise<string> {
  await db.insert(settings).values({ key, value: generate() }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  if (!row) throw new Error(`Setting ${key} could not be stored`);
  return row.value;
}
