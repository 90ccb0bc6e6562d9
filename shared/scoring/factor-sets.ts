import { unlistedMentionKey } from '../factor-reference.ts';
import { FACTOR_IDS, type FactorId } from '../factors.ts';
import type { UnlistedMention } from '../schemas/factor-list.ts';
import { CASES, type CaseId } from '../vocabulary.ts';

/** The 26 catalogue factors, F1…F27 without F9; bit i of a mask stands for `FACTOR_IDS[i]`. */
export const FACTOR_COUNT = FACTOR_IDS.length;

/** Per case (current, TSC1, TSC2 — `CASES` order) a bit mask of catalogue factors. */
export type CaseMasks = readonly [number, number, number];

/** Per case the keys (`unlistedKey`) of the unlisted mentions. */
export type CaseUnlisted = readonly [ReadonlySet<string>, ReadonlySet<string>, ReadonlySet<string>];

/** What one reader (gold, annotator or extractor) says an argument asserts: factors and unlisted mentions per case. */
export interface AssertedSets {
  masks: CaseMasks;
  unlisted: CaseUnlisted;
}

const BIT_OF: ReadonlyMap<FactorId, number> = new Map(FACTOR_IDS.map((id, index) => [id, index]));

/** The position of a factor in the catalogue (0 for F1 … 25 for F27): its bit in a mask. */
export function factorIndex(id: FactorId): number {
  const index = BIT_OF.get(id);
  if (index === undefined) throw new RangeError(`factorIndex: unknown factor ${String(id)}`);
  return index;
}

/** The catalogue factor at a position (inverse of `factorIndex`). */
export function factorAt(index: number): FactorId {
  const id = FACTOR_IDS[index];
  if (id === undefined) throw new RangeError(`factorAt: no factor at position ${index}`);
  return id;
}

/** The index of a case in `CASES` (current 0, tsc1 1, tsc2 2). */
export function caseIndex(caseId: CaseId): 0 | 1 | 2 {
  return caseId === 'current' ? 0 : caseId === 'tsc1' ? 1 : 2;
}

/** A bit mask of a list of factors (repeats are harmless). 26 bits fit a 32-bit integer. */
export function factorMask(ids: readonly FactorId[]): number {
  let mask = 0;
  for (const id of ids) mask |= 1 << factorIndex(id);
  return mask;
}

/** The factors of a mask, in catalogue order. */
export function factorsOfMask(mask: number): FactorId[] {
  const ids: FactorId[] = [];
  for (let index = 0; index < FACTOR_COUNT; index++) if ((mask >>> index) & 1) ids.push(factorAt(index));
  return ids;
}

/** How many bits of a 32-bit mask are set (Hacker's Delight, 2nd ed. 2012, fig. 5-2). */
export function bitCount(mask: number): number {
  let v = mask - ((mask >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/**
 * The key an unlisted mention is compared by: its text without a "(P)"/"(D)" side marker, folded
 * (lower case, every run of non-alphanumerics one space; `unlistedMentionKey`), so
 * "F30 Market-Dominance (P)" and "f30 market dominance" are one mention. Text that folds to nothing (only punctuation) keeps its trimmed lower-case self.
 *
 * @example unlistedKey('F30  Market-Dominance!') // 'f30 market dominance'
 */
export function unlistedKey(text: string): string {
  const folded = unlistedMentionKey(text);
  return folded === '' ? text.trim().toLowerCase() : folded;
}

/** A reader's per-case lists and unlisted mentions (a judgement or an extraction) as masks and key sets. */
export function assertedSets(record: {
  current: readonly FactorId[];
  tsc1: readonly FactorId[];
  tsc2: readonly FactorId[];
  unlisted: readonly UnlistedMention[];
}): AssertedSets {
  const unlisted: [Set<string>, Set<string>, Set<string>] = [new Set(), new Set(), new Set()];
  for (const mention of record.unlisted) unlisted[caseIndex(mention.case)].add(unlistedKey(mention.text));
  return {
    masks: [factorMask(record.current), factorMask(record.tsc1), factorMask(record.tsc2)],
    unlisted,
  };
}

/** The ground truth G of a triple: its per-case factor lists as masks. */
export function groundTruthMasks(triple: {
  current: { factors: readonly FactorId[] };
  tsc1: { factors: readonly FactorId[] };
  tsc2: { factors: readonly FactorId[] };
}): CaseMasks {
  return [
    factorMask(triple.current.factors),
    factorMask(triple.tsc1.factors),
    factorMask(triple.tsc2.factors),
  ];
}

/** Whether a reader asserts nothing at all: no factor and no unlisted mention in one of the three cases. */
export function assertsNothing(sets: AssertedSets): boolean {
  return CASES.every((_, c) => (sets.masks[c] ?? 0) === 0 && (sets.unlisted[c]?.size ?? 0) === 0);
}
