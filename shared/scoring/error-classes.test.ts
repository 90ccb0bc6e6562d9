import { describe, expect, it } from 'vitest';
import { emptyJudgement, type Judgement, type Span } from '../schemas/annotation.ts';
import { checkSpans } from '../span-rules.ts';
import { classifyExtraction, countErrorClasses, ERROR_CLASSES, type ExtractedSets } from './error-classes.ts';
import { assertedSets } from './factor-sets.ts';
import { compareWithGold } from './gold-comparison.ts';

const span = (
  start: number,
  end: number,
  caseId: Span['case'],
  factor: Span['factor'],
  style: Span['style'],
  polarity: Span['polarity'] = 'asserted',
  text?: string,
): Span => ({ start, end, case: caseId, factor, style, polarity, ...(text === undefined ? {} : { text }) });

/**
 * A hand-built gold with one unit of every class against the extractor below:
 *
 *   gold current {F4 (code), F6 (name), F10 (paraphrase)} + unlisted "F30 Market-dominance" (code);
 *        F5 negated in current (name)
 *        tsc1 {F4 (no span), F15 (paraphrase)} + unlisted "F28 Employee-loyalty" (no span)
 *        tsc2 {F16 (no span), F18 (code), F21 (no span)}
 *   extractor current {F4, F5, F15, F20} + unlisted "f30 market dominance"; tsc1 {F4}; tsc2 {F16}
 *        + unlisted "F31 Prior-litigation"
 *
 *   current F4 correct (code)           current F5 negated_as_present    current F6 missed (name)
 *   current F10 missed (paraphrase)     current F15 wrong_case (TSC1's)  current F20 extra
 *   current "f30 …" correct (code)      tsc1 F4 correct (unmarked)       tsc1 F15 missed (paraphrase)
 *   tsc1 "F28 …" missed (unmarked)      tsc2 F16 correct (unmarked)      tsc2 F18 missed (code)
 *   tsc2 F21 missed (unmarked)          tsc2 "F31 …" invented
 */
const GOLD: Judgement = Object.freeze<Judgement>({
  ...emptyJudgement(),
  current: ['F4', 'F6', 'F10'],
  tsc1: ['F4', 'F15'],
  tsc2: ['F16', 'F18', 'F21'],
  unlisted: [
    { case: 'current', text: 'F30 Market-dominance' },
    { case: 'tsc1', text: 'F28 Employee-loyalty' },
  ],
  spans: [
    span(0, 2, 'current', 'F4', 'code'),
    span(10, 28, 'current', 'F6', 'name'),
    span(30, 60, 'current', 'F10', 'paraphrase'),
    span(70, 90, 'tsc1', 'F15', 'paraphrase'),
    span(100, 120, 'current', 'F5', 'name', 'negated'),
    span(130, 150, 'current', 'unlisted', 'code', 'asserted', 'F30 Market-dominance'),
    span(160, 163, 'tsc2', 'F18', 'code'),
  ],
});

const EXTRACTED: ExtractedSets = Object.freeze<ExtractedSets>({
  current: ['F4', 'F5', 'F15', 'F20'],
  tsc1: ['F4'],
  tsc2: ['F16'],
  unlisted: [
    { case: 'current', text: 'f30 market dominance' },
    { case: 'tsc2', text: 'F31 Prior-litigation' },
  ],
});

describe('classifyExtraction', () => {
  const classified = classifyExtraction(GOLD, EXTRACTED);

  it('uses a valid gold', () => {
    expect(checkSpans(GOLD, 200)).toEqual([]);
  });

  it('classifies every unit of the hand-built fixture, in order', () => {
    expect(classified).toEqual([
      {
        case: 'current',
        factor: 'F4',
        class: 'correct',
        goldStyle: 'code',
        goldPolarity: 'asserted',
        spans: [{ start: 0, end: 2 }],
      },
      {
        case: 'current',
        factor: 'F5',
        class: 'negated_as_present',
        goldStyle: 'name',
        goldPolarity: 'negated',
        spans: [{ start: 100, end: 120 }],
      },
      {
        case: 'current',
        factor: 'F6',
        class: 'missed',
        goldStyle: 'name',
        goldPolarity: 'asserted',
        spans: [{ start: 10, end: 28 }],
      },
      {
        case: 'current',
        factor: 'F10',
        class: 'missed',
        goldStyle: 'paraphrase',
        goldPolarity: 'asserted',
        spans: [{ start: 30, end: 60 }],
      },
      {
        case: 'current',
        factor: 'F15',
        class: 'wrong_case',
        goldStyle: null,
        goldPolarity: null,
        spans: [{ start: 70, end: 90 }],
      },
      { case: 'current', factor: 'F20', class: 'extra', goldStyle: null, goldPolarity: null, spans: [] },
      {
        case: 'current',
        factor: 'f30 market dominance',
        class: 'correct',
        goldStyle: 'code',
        goldPolarity: 'asserted',
        spans: [{ start: 130, end: 150 }],
      },
      {
        case: 'tsc1',
        factor: 'F4',
        class: 'correct',
        goldStyle: 'unmarked',
        goldPolarity: 'asserted',
        spans: [],
      },
      {
        case: 'tsc1',
        factor: 'F15',
        class: 'missed',
        goldStyle: 'paraphrase',
        goldPolarity: 'asserted',
        spans: [{ start: 70, end: 90 }],
      },
      {
        case: 'tsc1',
        factor: 'F28 Employee-loyalty',
        class: 'missed',
        goldStyle: 'unmarked',
        goldPolarity: 'asserted',
        spans: [],
      },
      {
        case: 'tsc2',
        factor: 'F16',
        class: 'correct',
        goldStyle: 'unmarked',
        goldPolarity: 'asserted',
        spans: [],
      },
      {
        case: 'tsc2',
        factor: 'F18',
        class: 'missed',
        goldStyle: 'code',
        goldPolarity: 'asserted',
        spans: [{ start: 160, end: 163 }],
      },
      {
        case: 'tsc2',
        factor: 'F21',
        class: 'missed',
        goldStyle: 'unmarked',
        goldPolarity: 'asserted',
        spans: [],
      },
      {
        case: 'tsc2',
        factor: 'F31 Prior-litigation',
        class: 'invented',
        goldStyle: null,
        goldPolarity: null,
        spans: [],
      },
    ]);
  });

  it('counts every class', () => {
    expect(countErrorClasses(classified)).toEqual({
      correct: 4,
      missed: 6,
      negated_as_present: 1,
      wrong_case: 1,
      invented: 1,
      extra: 1,
    });
  });

  it('puts a negated mention before a wrong case', () => {
    const gold = { ...GOLD, tsc1: [...GOLD.tsc1, 'F5' as const] };
    const unit = classifyExtraction(gold, EXTRACTED).find((d) => d.case === 'current' && d.factor === 'F5');
    expect(unit?.class).toBe('negated_as_present');
  });

  it('calls a factor negated only in another case extra, not negated as present', () => {
    const unit = classifyExtraction(GOLD, { ...EXTRACTED, tsc2: ['F5', 'F16'] }).find(
      (d) => d.case === 'tsc2' && d.factor === 'F5',
    );
    expect(unit?.class).toBe('extra');
  });

  it('calls an unlisted factor the gold records only for another case invented', () => {
    const unit = classifyExtraction(GOLD, {
      ...EXTRACTED,
      unlisted: [{ case: 'tsc2', text: 'F28 Employee-loyalty' }],
    }).find((d) => d.case === 'tsc2' && d.class === 'invented');
    expect(unit?.factor).toBe('F28 Employee-loyalty');
  });

  it('takes the strongest style when the gold marks a unit twice', () => {
    const gold = {
      ...GOLD,
      spans: [
        ...GOLD.spans,
        span(200, 230, 'current', 'F6', 'paraphrase'),
        span(240, 242, 'current', 'F6', 'code'),
      ],
    };
    const unit = classifyExtraction(gold, EXTRACTED).find((d) => d.case === 'current' && d.factor === 'F6');
    expect(unit?.goldStyle).toBe('code');
  });

  it('cuts an extractor’s overlong wording to 500 characters', () => {
    const long = `F40 ${'x'.repeat(600)}`;
    const unit = classifyExtraction(emptyJudgement(), {
      current: [],
      tsc1: [],
      tsc2: [],
      unlisted: [{ case: 'current', text: long }],
    })[0];
    expect(unit?.factor).toBe(long.slice(0, 500));
  });

  it('lists nothing when neither side asserts anything', () => {
    expect(classifyExtraction(emptyJudgement(), { current: [], tsc1: [], tsc2: [], unlisted: [] })).toEqual(
      [],
    );
    expect(countErrorClasses([])).toEqual(Object.fromEntries(ERROR_CLASSES.map((name) => [name, 0])));
  });

  it('agrees with the report’s unit comparison: misses are its fn by style, negated as present its count', () => {
    const comparison = compareWithGold(GOLD, assertedSets(EXTRACTED));
    const fnByStyle = new Map<string, number>();
    for (const unit of comparison.units)
      if (unit.outcome === 'fn') fnByStyle.set(unit.style ?? '', (fnByStyle.get(unit.style ?? '') ?? 0) + 1);
    const missedByStyle = new Map<string, number>();
    for (const unit of classified)
      if (unit.class === 'missed') {
        const style = unit.goldStyle === 'unmarked' ? 'unspanned' : (unit.goldStyle ?? '');
        missedByStyle.set(style, (missedByStyle.get(style) ?? 0) + 1);
      }
    expect(missedByStyle).toEqual(fnByStyle);
    expect(classified.filter((unit) => unit.class === 'negated_as_present')).toHaveLength(
      comparison.negatedAsPresent,
    );
    const tp = comparison.units.filter((unit) => unit.outcome === 'tp').length;
    expect(classified.filter((unit) => unit.class === 'correct')).toHaveLength(tp);
  });
});
