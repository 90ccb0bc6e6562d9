import { z } from 'zod';
import { fetchJson } from './fetchJson.ts';

const healthSchema = z.object({ ok: z.literal(true) });

/** GET /api/health: whether the server answers at all (it changes nothing); false on any failure. */
export async function serverAnswers(): Promise<boolean> {
  try {
    await fetchJson('/api/health', healthSchema);
    return true;
  } catch {
    return false;
  }
}
