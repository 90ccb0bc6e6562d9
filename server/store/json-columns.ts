import { createHash } from 'node:crypto';
import { z } from 'zod';
import { type FactorId, factorIdSchema } from '../../shared/factors.ts';
import { type UnlistedMention, unlistedMentionSchema } from '../../shared/schemas/factor-list.ts';

const factorIdsColumn = z.array(factorIdSchema);
const unlistedColumn = z.array(unlistedMentionSchema);

/**
 * JSON columns are written only by this store, but a database file can be edited by hand, so reads
 * go through the same schemas: a corrupt column fails loudly instead of scoring garbage.
 */
export function readFactorIds(column: string): FactorId[] {
  return factorIdsColumn.parse(JSON.parse(column));
}

export function readUnlisted(column: string): UnlistedMention[] {
  return unlistedColumn.parse(JSON.parse(column));
}

export function writeJson(value: unknown): string {
  return JSON.stringify(value);
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** What a history keeps of a rejected save: the SHA-256 (hex) and UTF-8 size of the JSON it would have stored. */
export interface RejectedDigest {
  sha256: string;
  bytes: number;
}

export function rejectedDigest(json: string): RejectedDigest {
  return {
    sha256: createHash('sha256').update(json, 'utf8').digest('hex'),
    bytes: Buffer.byteLength(json, 'utf8'),
  };
}
