import { z } from 'zod';
import { type FactorId, factorIdSchema } from '../../factors.ts';
import { mentionStyleSchema } from '../../schemas/annotation.ts';
import { extractionPolaritySchema } from '../../schemas/extraction-mention.ts';
import { unlistedMentionSchema } from '../../schemas/factor-list.ts';
import { CASES, type CaseId, caseSchema } from '../../vocabulary.ts';
import type { RulesExtraction } from '../types.ts';
import type { LabelledArgument } from './labelled-argument.ts';

/**
 * One mention of an expected output, compact: [start, end, case, factor, style, polarity, rules]
 * — offsets into the argument text, the case (null: none said), the factor ("unlisted" outside
 * the catalogue), the style, the polarity and the named rules that produced the reading.
 */
export const expectedMentionSchema = z.tuple([
  z.number().int().nonnegative(),
  z.number().int().positive(),
  caseSchema.nullable(),
  z.union([factorIdSchema, z.literal('unlisted')]),
  mentionStyleSchema,
  extractionPolaritySchema,
  z.array(z.string().min(1)),
]);
export type ExpectedMention = z.output<typeof expectedMentionSchema>;

/**
 * What the rules extractor read in one labelled argument, as committed in
 * test/fixtures/rules-expected/<set>.jsonl (one line per argument, the set's order): the per-case
 * lists, the unlisted factors, abstention, truncation and every mention with its rules. The
 * reviewed output: `npm run rules:diff` shows what a change to the rules does to it.
 */
export const expectedOutputSchema = z.strictObject({
  id: z.string().min(1),
  current: z.array(factorIdSchema),
  tsc1: z.array(factorIdSchema),
  tsc2: z.array(factorIdSchema),
  unlisted: z.array(unlistedMentionSchema),
  abstention: z.enum(['none', 'exact', 'near_miss']),
  truncated: z.boolean(),
  mentions: z.array(expectedMentionSchema),
});
export type ExpectedOutput = z.output<typeof expectedOutputSchema>;

/** The expected-output record of one extraction. */
export function toExpectedOutput(id: string, result: RulesExtraction): ExpectedOutput {
  return {
    id,
    current: [...result.current],
    tsc1: [...result.tsc1],
    tsc2: [...result.tsc2],
    unlisted: result.unlisted.map((mention) => ({ case: mention.case, text: mention.text })),
    abstention: result.abstention,
    truncated: result.truncated,
    mentions: result.mentions.map(
      (mention): ExpectedMention => [
        mention.start,
        mention.end,
        mention.case,
        mention.factor,
        mention.style,
        mention.polarity,
        [...mention.rules],
      ],
    ),
  };
}

/** The records of an expected-output file, in order; a bad line throws with its line number. */
export function parseExpectedJsonl(content: string, name: string): ExpectedOutput[] {
  return content.split('\n').flatMap((line, index) => {
    if (line.trim() === '') return [];
    const parsed = expectedOutputSchema.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`${name}:${index + 1}: ${parsed.error.issues[0]?.message ?? ''}`);
    return [parsed.data];
  });
}

/** An expected-output file's content: one JSON line per record, in order. */
export function formatExpectedJsonl(records: readonly ExpectedOutput[]): string {
  return records.map((record) => `${JSON.stringify(record)}\n`).join('');
}

/** What the gold says of a unit a change gains or loses. */
export type GoldVerdict = 'present' | 'negated' | 'absent' | 'unlabelled';

/** One (argument, case, factor) a change adds to a case's list or takes from it, and the rule behind it. */
export interface UnitChange {
  id: string;
  case: CaseId;
  factor: FactorId;
  /** The deciding rule of the (first) asserted mention that lists the unit, in the output that lists it. */
  rule: string;
  gold: GoldVerdict;
}

/** The differences between a set's committed expected output and its output now. */
export interface SetDiff {
  set: string;
  gained: UnitChange[];
  lost: UnitChange[];
  /** Arguments whose unlisted factors, abstention or truncation changed: "r03: abstention none → exact". */
  other: string[];
  /** Arguments whose mentions changed (offsets, case, polarity or rules) without a unit changing. */
  mentionsOnly: string[];
  /** Arguments in one output and not the other. */
  added: string[];
  removed: string[];
}

/** The deciding rule of a reading: the last of its rules. */
export function decidingRule(mention: ExpectedMention): string {
  return mention[6].at(-1) ?? '(unnamed)';
}

function ruleOf(output: ExpectedOutput, caseId: CaseId, factor: FactorId): string {
  const mention = output.mentions.find(
    (candidate) => candidate[2] === caseId && candidate[3] === factor && candidate[5] === 'asserted',
  );
  return mention ? decidingRule(mention) : '(unnamed)';
}

function verdict(gold: LabelledArgument | undefined, caseId: CaseId, factor: FactorId): GoldVerdict {
  if (!gold) return 'unlabelled';
  if (gold[caseId].some((unit) => unit.factor === factor)) return 'present';
  if (gold.negated.some((unit) => unit.case === caseId && unit.factor === factor)) return 'negated';
  return 'absent';
}

/** The units of `caseId` that `output` lists and `other` does not, each with the rule that lists it in `output`. */
function unitsOnlyIn(
  output: ExpectedOutput,
  other: ExpectedOutput,
  caseId: CaseId,
  gold: LabelledArgument | undefined,
): UnitChange[] {
  const others = new Set(other[caseId]);
  return [...new Set(output[caseId])]
    .filter((factor) => !others.has(factor))
    .map((factor) => ({
      id: output.id,
      case: caseId,
      factor,
      rule: ruleOf(output, caseId, factor),
      gold: verdict(gold, caseId, factor),
    }));
}

/**
 * The units `after` gains and loses against `before` (matched by argument id), each with the rule
 * that lists it (gains: in `after`; losses: in `before`) and what the gold says of it; and the
 * arguments whose other fields or mentions only changed.
 */
export function diffOutputs(
  set: string,
  before: readonly ExpectedOutput[],
  after: readonly ExpectedOutput[],
  gold: ReadonlyMap<string, LabelledArgument> = new Map(),
): SetDiff {
  const diff: SetDiff = { set, gained: [], lost: [], other: [], mentionsOnly: [], added: [], removed: [] };
  const old = new Map(before.map((record) => [record.id, record]));
  const seen = new Set<string>();
  for (const now of after) {
    seen.add(now.id);
    const was = old.get(now.id);
    if (!was) {
      diff.added.push(now.id);
      continue;
    }
    let unitsChanged = false;
    const labelled = gold.get(now.id);
    for (const caseId of CASES) {
      const gained = unitsOnlyIn(now, was, caseId, labelled);
      const lost = unitsOnlyIn(was, now, caseId, labelled);
      diff.gained.push(...gained);
      diff.lost.push(...lost);
      if (gained.length + lost.length > 0) unitsChanged = true;
    }
    const changes: string[] = [];
    if (JSON.stringify(was.unlisted) !== JSON.stringify(now.unlisted))
      changes.push(`unlisted ${JSON.stringify(was.unlisted)} → ${JSON.stringify(now.unlisted)}`);
    if (was.abstention !== now.abstention) changes.push(`abstention ${was.abstention} → ${now.abstention}`);
    if (was.truncated !== now.truncated) changes.push(`truncated ${was.truncated} → ${now.truncated}`);
    if (changes.length > 0) diff.other.push(`${now.id}: ${changes.join('; ')}`);
    else if (!unitsChanged && JSON.stringify(was.mentions) !== JSON.stringify(now.mentions))
      diff.mentionsOnly.push(now.id);
  }
  for (const record of before) if (!seen.has(record.id)) diff.removed.push(record.id);
  return diff;
}

/** Whether a diff shows any change at all. */
export function isUnchanged(diff: SetDiff): boolean {
  return (
    diff.gained.length +
      diff.lost.length +
      diff.other.length +
      diff.mentionsOnly.length +
      diff.added.length +
      diff.removed.length ===
    0
  );
}

const MARK: Readonly<Record<GoldVerdict, string>> = {
  present: 'gold: present',
  negated: 'gold: NEGATED there',
  absent: 'gold: absent',
  unlabelled: 'gold: —',
};

/** Gains and losses counted per rule, each split by whether the gold has the unit: "rule  +3 (2 right) −1 (1 right)". */
function perRule(diff: SetDiff): string[] {
  const rules = new Map<string, { gained: number; gainedRight: number; lost: number; lostRight: number }>();
  const entry = (rule: string) => {
    const found = rules.get(rule) ?? { gained: 0, gainedRight: 0, lost: 0, lostRight: 0 };
    rules.set(rule, found);
    return found;
  };
  for (const unit of diff.gained) {
    const counts = entry(unit.rule);
    counts.gained += 1;
    if (unit.gold === 'present') counts.gainedRight += 1;
  }
  for (const unit of diff.lost) {
    const counts = entry(unit.rule);
    counts.lost += 1;
    if (unit.gold === 'present') counts.lostRight += 1;
  }
  return [...rules]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([rule, counts]) =>
        `    ${rule.padEnd(44)} +${counts.gained} (${counts.gainedRight} right)  −${counts.lost} (${counts.lostRight} right)`,
    );
}

/**
 * A diff as text for review: per set, the units gained and lost, first counted per rule (how many of
 * them the gold has), then one line each with the gold's verdict; the other changes; the arguments
 * whose mentions alone changed. An unchanged set is one line.
 */
export function formatDiff(diff: SetDiff): string {
  if (isUnchanged(diff)) return `${diff.set}: unchanged`;
  const right = (units: readonly UnitChange[]) => units.filter((unit) => unit.gold === 'present').length;
  const lines = [
    `${diff.set}: +${diff.gained.length} units (${right(diff.gained)} right), −${diff.lost.length} units (${right(diff.lost)} right)`,
  ];
  if (diff.gained.length + diff.lost.length > 0) lines.push('  per rule:', ...perRule(diff));
  for (const unit of diff.gained)
    lines.push(`  + ${unit.id} ${unit.case} ${unit.factor}  [${unit.rule}]  ${MARK[unit.gold]}`);
  for (const unit of diff.lost)
    lines.push(`  − ${unit.id} ${unit.case} ${unit.factor}  [${unit.rule}]  ${MARK[unit.gold]}`);
  for (const change of diff.other) lines.push(`  ~ ${change}`);
  if (diff.mentionsOnly.length > 0)
    lines.push(
      `  ~ mentions changed, no unit: ${diff.mentionsOnly.length} argument(s) (${diff.mentionsOnly.slice(0, 12).join(', ')}${diff.mentionsOnly.length > 12 ? ', …' : ''})`,
    );
  if (diff.added.length > 0) lines.push(`  new arguments: ${diff.added.join(', ')}`);
  if (diff.removed.length > 0) lines.push(`  arguments gone: ${diff.removed.join(', ')}`);
  return lines.join('\n');
}
