import { foldFactorText, normaliseFactorReference } from '../factor-reference.ts';
import { type FactorId, factorById, factorLabel, sortFactorIds } from '../factors.ts';
import type { CaseId, Outcome } from '../vocabulary.ts';
import { splitLines } from './lines.ts';

/** The three cases of one scenario, with factor ids in catalogue order: a triple without id and mode. */
export interface ScenarioCases {
  current: { factors: FactorId[] };
  tsc1: { factors: FactorId[]; outcome: Outcome };
  tsc2: { factors: FactorId[]; outcome: Outcome };
}

/**
 * A problem in a scenario block. `lineOffset` counts lines from the block's first line (0 = the
 * line the block starts on); `null` means the block as a whole (a missing heading).
 */
export interface BlockIssue {
  lineOffset: number | null;
  message: string;
}

export type ScenarioBlockResult = { ok: true; cases: ScenarioCases } | { ok: false; issues: BlockIssue[] };

const HEADING_NAME: Readonly<Record<CaseId, string>> = {
  current: 'Input Scenario',
  tsc1: 'TSC 1',
  tsc2: 'TSC 2',
};

// "Input Scenario", "INPUT SCENARIO:", "Input Case", "Current Case".
const CURRENT_HEADING = /^(?:input|current)\s*(?:scenario|case)$/i;
// "TSC 1", "TSC1", "tsc 2:", "TSC-2".
const TSC_HEADING = /^tsc[\s_-]*([12])$/i;
// "outcome Plaintiff", "Outcome: defendant".
const OUTCOME_LINE = /^outcome\b\s*[:=-]?\s*(.*)$/i;
// A label as the study prints it: code, optional name, optional side marker.
const LABEL = /^f\s?\d{1,3}\b[\s:.\-–—]*(.*?)\s*(?:\(([pd])\))?$/i;
const NAME_AND_SIDE = /^(.*?)\s*(?:\(([pd])\))?$/i;

function headingOf(line: string): CaseId | null {
  const bare = line.replace(/\s*:$/, '');
  if (CURRENT_HEADING.test(bare)) return 'current';
  const tsc = TSC_HEADING.exec(bare);
  if (tsc) return tsc[1] === '1' ? 'tsc1' : 'tsc2';
  return null;
}

function outcomeOf(value: string): Outcome | null {
  const bare = value
    .replace(/^["'“‘]+|["'”’.,;]+$/g, '')
    .trim()
    .toLowerCase();
  return bare === 'plaintiff' || bare === 'defendant' ? bare : null;
}

/**
 * Resolves one factor item of a block. The code decides which factor it is (as in
 * `normaliseFactorReference`); a name or side written beside the code must then be that factor's,
 * because a ground-truth label whose code and name disagree ("F4 Security-measures (P)") cannot be
 * read either way with confidence.
 */
function resolveItem(item: string): { id: FactorId } | { message: string } {
  const reference = normaliseFactorReference(item);
  if (reference.kind === 'unlisted') {
    return /^f\s?\d/i.test(reference.text)
      ? { message: `unknown factor "${reference.text}"` }
      : {
          message: `unrecognised line "${reference.text}": expected a factor such as "F4 Agreed-not-to-disclose (P)", a heading or an outcome`,
        };
  }
  const factor = factorById(reference.id);
  const parts = LABEL.exec(reference.text) ?? NAME_AND_SIDE.exec(reference.text);
  const name = parts?.[1] ?? '';
  const side = parts?.[2]?.toUpperCase();
  const nameDiffers = name !== '' && foldFactorText(name) !== foldFactorText(factor.name);
  if (nameDiffers || (side !== undefined && side !== factor.side)) {
    return { message: `"${reference.text}" does not match the catalogue's ${factorLabel(factor.id)}` };
  }
  return { id: factor.id };
}

/**
 * Reads one scenario as the study writes it (one field of its scenario CSV, or the `scenario` of
 * its response log):
 *
 * ```
 * Input Scenario
 * 	F14 Restricted-materials-used (P),
 * 	F24 Info-obtainable-elsewhere (D)
 *
 * TSC 1
 * outcome Defendant
 * 	F2 Bribe-employee (P)
 *
 * TSC 2
 * outcome Plaintiff
 * 	F6 Security-measures (P)
 * ```
 *
 * Headings and outcomes are matched case-insensitively, with or without the space in "TSC 1" and a
 * trailing colon; blank lines, indentation, trailing spaces and line-ending commas do not matter,
 * and a line may hold several factors separated by commas. Every problem is reported, each at its
 * line: text before the first heading, a factor outside the catalogue or whose name or side
 * contradicts its code, an outcome other than Plaintiff/Defendant, an outcome on the input case, a
 * repeated heading or outcome, a TSC without an outcome, a missing block. Factors come back as ids,
 * deduplicated, in catalogue order; a case may have none.
 */
export function parseScenarioBlock(text: string): ScenarioBlockResult {
  const issues: BlockIssue[] = [];
  const factors: Record<CaseId, FactorId[]> = { current: [], tsc1: [], tsc2: [] };
  const outcomes: { tsc1?: Outcome; tsc2?: Outcome } = {};
  const outcomeWritten = { tsc1: false, tsc2: false };
  const headingAt: Partial<Record<CaseId, number>> = {};
  let section: CaseId | null = null;

  splitLines(text).forEach((raw, lineOffset) => {
    const line = raw.trim();
    if (line === '') return;
    const heading = headingOf(line);
    if (heading) {
      if (headingAt[heading] === undefined) headingAt[heading] = lineOffset;
      else issues.push({ lineOffset, message: `a second ${HEADING_NAME[heading]} heading` });
      section = heading;
      return;
    }
    if (section === null) {
      issues.push({ lineOffset, message: `"${line}" comes before the Input Scenario heading` });
      return;
    }
    const outcome = OUTCOME_LINE.exec(line);
    if (outcome) {
      if (section === 'current') {
        issues.push({
          lineOffset,
          message: 'the Input Scenario has an outcome line; only TSC 1 and TSC 2 do',
        });
        return;
      }
      if (outcomeWritten[section]) {
        issues.push({ lineOffset, message: `a second outcome line for ${HEADING_NAME[section]}` });
        return;
      }
      outcomeWritten[section] = true;
      const value = outcomeOf(outcome[1] ?? '');
      if (value) outcomes[section] = value;
      else
        issues.push({
          lineOffset,
          message: `bad outcome "${(outcome[1] ?? '').trim()}" for ${HEADING_NAME[section]} (expected Plaintiff or Defendant)`,
        });
      return;
    }
    for (const item of line.split(/[,;]/)) {
      if (item.trim() === '') continue;
      const resolved = resolveItem(item);
      if ('id' in resolved) factors[section].push(resolved.id);
      else issues.push({ lineOffset, message: resolved.message });
    }
  });

  for (const caseId of ['current', 'tsc1', 'tsc2'] as const) {
    if (headingAt[caseId] === undefined)
      issues.push({ lineOffset: null, message: `no ${HEADING_NAME[caseId]} block` });
  }
  for (const caseId of ['tsc1', 'tsc2'] as const) {
    const at = headingAt[caseId];
    if (at !== undefined && !outcomeWritten[caseId])
      issues.push({ lineOffset: at, message: `${HEADING_NAME[caseId]} has no outcome line` });
  }

  const tsc1Outcome = outcomes.tsc1;
  const tsc2Outcome = outcomes.tsc2;
  if (issues.length > 0 || !tsc1Outcome || !tsc2Outcome) return { ok: false, issues };
  return {
    ok: true,
    cases: {
      current: { factors: sortFactorIds(factors.current) },
      tsc1: { factors: sortFactorIds(factors.tsc1), outcome: tsc1Outcome },
      tsc2: { factors: sortFactorIds(factors.tsc2), outcome: tsc2Outcome },
    },
  };
}

function factorLines(ids: readonly FactorId[]): string[] {
  const sorted = sortFactorIds(ids);
  return sorted.map((id, index) => `\t${factorLabel(id)}${index < sorted.length - 1 ? ',' : ''}`);
}

function outcomeWord(outcome: Outcome): string {
  return outcome === 'plaintiff' ? 'Plaintiff' : 'Defendant';
}

/**
 * Writes one scenario exactly as the study's CSV fields are written: a leading line break,
 * `Input Scenario ` (with its trailing space), tab-indented labels with commas between them, a blank
 * line, `TSC 1`, `outcome Plaintiff|Defendant`, its labels, and so on, ending with a line break.
 * Factors are written in catalogue order. `parseScenarioBlock` reads it back unchanged.
 */
export function formatScenarioBlock(cases: ScenarioCases): string {
  return [
    '',
    'Input Scenario ',
    ...factorLines(cases.current.factors),
    '',
    'TSC 1',
    `outcome ${outcomeWord(cases.tsc1.outcome)}`,
    ...factorLines(cases.tsc1.factors),
    '',
    'TSC 2',
    `outcome ${outcomeWord(cases.tsc2.outcome)}`,
    ...factorLines(cases.tsc2.factors),
    '',
  ].join('\n');
}
