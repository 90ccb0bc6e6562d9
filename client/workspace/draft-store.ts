/**
 * Unsent changes kept in the browser's storage until the server acknowledges them, so a reload, a
 * crash or a dropped connection loses nothing. The storage is a parameter (`localStorage` in the
 * app, an in-memory map in tests); nothing here reads a clock or the network.
 */
import { z } from 'zod';
import { decisionSchema } from '../../shared/adjudication-api.ts';
import { judgementSchema } from '../../shared/schemas/annotation.ts';

/** The part of the Web Storage API the drafts need (`window.localStorage` satisfies it). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * A stored draft. `revision` is the client's own counter of local changes: an acknowledgement of
 * revision 3 must not clear revision 5, written while 3 was in flight. `baseVersion` is the server
 * version the changes build on (a different current version means someone saved meanwhile).
 */
export const pendingDraftSchema = z.strictObject({
  baseVersion: z.number().int().nonnegative(),
  judgement: judgementSchema,
  /** An adjudicator's decisions, kept with the gold judgement they produced. */
  decisions: z.array(decisionSchema).optional(),
  revision: z.number().int().nonnegative(),
  secondsPending: z.number().nonnegative(),
  savedAt: z.iso.datetime(),
});
export type PendingDraft = z.output<typeof pendingDraftSchema>;

/** What a draft holds of the document itself (an annotation's judgement; a gold's, with its decisions). */
export type DraftContent = Pick<PendingDraft, 'judgement' | 'decisions'>;

// The stored value names its format, so that data of another shape under our key (an older format,
// another app) is recognised as foreign rather than misread.
const FORMAT = 'factor-audit/draft@1';
const storedSchema = z.strictObject({ format: z.literal(FORMAT), draft: pendingDraftSchema });

/** Why a draft could not be kept: the storage is full, or refuses to be used at all (disabled, private mode). */
export type SaveDraftResult = { ok: true } | { ok: false; reason: 'quota' | 'unavailable'; message: string };

/**
 * The storage key of one annotator's draft of one item of one study:
 * `factor-audit:draft:<username>:<study>:<item>`, each part URI-encoded so that a ":" inside a
 * name cannot make two different triples share a key.
 *
 * @example draftKey('alice', 'pilot', 'a1') // 'factor-audit:draft:alice:pilot:a1'
 */
export function draftKey(username: string, study: string, itemKey: string): string {
  return `factor-audit:draft:${[username, study, itemKey].map(encodeURIComponent).join(':')}`;
}

// Browsers name the quota error differently: "QuotaExceededError" (code 22) in most,
// "NS_ERROR_DOM_QUOTA_REACHED" (code 1014) in older Firefox.
function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return (
    name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014
  );
}

/**
 * Writes the draft, replacing what the key held (the latest local state always wins). Never
 * throws: a full storage gives `{ ok: false, reason: 'quota' }` and every other refusal
 * `{ ok: false, reason: 'unavailable' }`, so the caller can warn that closing the tab would lose
 * the unsent changes.
 *
 * @example saveDraft(localStorage, key, draft) // { ok: true }
 */
export function saveDraft(storage: KeyValueStorage, key: string, draft: PendingDraft): SaveDraftResult {
  try {
    storage.setItem(key, JSON.stringify({ format: FORMAT, draft }));
    return { ok: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: isQuotaError(error) ? 'quota' : 'unavailable', message };
  }
}

/**
 * The draft under `key`, validated (the judgement by `judgementSchema`); undefined when there is
 * none, when the value is not JSON or not a draft of this format, or when the storage cannot be
 * read. Never throws: a broken draft must not keep the item from opening.
 *
 * @example loadDraft(storage, 'factor-audit:draft:alice:pilot:a1')?.revision // 5
 */
export function loadDraft(storage: KeyValueStorage, key: string): PendingDraft | undefined {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = storedSchema.safeParse(value);
  return parsed.success ? parsed.data.draft : undefined;
}

/**
 * What `clearDraft` did: removed the draft, kept one newer than the acknowledgement, found none it
 * could read, or could not remove it (the storage refused).
 */
export type ClearDraftResult = 'cleared' | 'kept-newer' | 'none' | 'unavailable';

/**
 * Removes the draft once the server has acknowledged `acknowledgedRevision`, but only if the
 * stored draft is not newer: a draft of revision 5, written while revision 3 was being saved,
 * stays until 5 is acknowledged. A value under the key that is not a readable draft is left alone
 * (it may be a newer format this code cannot judge). Never throws.
 *
 * @example clearDraft(storage, key, 3) // 'kept-newer' when the stored draft has revision 5
 */
export function clearDraft(
  storage: KeyValueStorage,
  key: string,
  acknowledgedRevision: number,
): ClearDraftResult {
  const stored = loadDraft(storage, key);
  if (stored === undefined) return 'none';
  if (stored.revision > acknowledgedRevision) return 'kept-newer';
  try {
    storage.removeItem(key);
    return 'cleared';
  } catch {
    return 'unavailable';
  }
}
