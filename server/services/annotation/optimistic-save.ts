/**
 * The concurrency rule every autosaved, versioned record follows (an annotation, a gold record):
 * the client sends the version it last saw (0 for a new record); the store keeps the version and the
 * client save id of the write that made it (docs/API.md, "Saving" and "Retries").
 */

/** What a stored versioned record keeps of its last write. */
export interface VersionedRecord {
  version: number;
  /** The client-chosen id of the save that wrote this version; null when that write carried none. */
  lastClientSaveId: string | null;
}

/** What a save request says about the version it was based on. */
export interface VersionedRequest {
  version: number;
  clientSaveId?: string | undefined;
}

/**
 * How a save request relates to the stored record:
 * - `current` — based on the stored version (0 when there is none): write it;
 * - `retry` — stale, but the retry of the save that wrote the stored version (same client save id,
 *   based on the version just before): its first try was applied and only the answer was lost, so
 *   answer with the stored state and write nothing;
 * - `stale` — anything else: write nothing but the attempt itself (a `conflict` history entry), and
 *   answer 409 with the current state.
 */
export function checkVersion(
  existing: VersionedRecord | undefined,
  request: VersionedRequest,
): 'current' | 'retry' | 'stale' {
  if (request.version === (existing?.version ?? 0)) return 'current';
  if (
    existing !== undefined &&
    request.clientSaveId !== undefined &&
    existing.lastClientSaveId === request.clientSaveId &&
    existing.version === request.version + 1
  )
    return 'retry';
  return 'stale';
}

/** The 409 message of a stale save: which versions, and what to do. */
export function staleVersionMessage(what: string, had: number, now: number, remedy: string): string {
  return `${what} changed since you loaded it (you had version ${had}, it is now ${now}); ${remedy}.`;
}
