import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../shared/canonical-json.ts';

/** SHA-256 of the UTF-8 bytes of `text`, as 64 lower-case hex digits. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** What identifies one request to an endpoint, for the cache: equal parts, equal answer. */
export interface CacheKeyParts {
  purpose: 'generate' | 'extract';
  endpoint: string;
  model: string;
  promptHash: string;
  /** Everything else that shapes the answer: temperature, max tokens, input mode, … */
  parameters: Record<string, unknown>;
  inputHash: string;
}

/**
 * The cache key of a request: the SHA-256 of the canonical JSON (keys sorted) of its parts, so the
 * order in which parameters were written does not matter.
 */
export function cacheKeyOf(parts: CacheKeyParts): string {
  return sha256Hex(canonicalJson(parts));
}
