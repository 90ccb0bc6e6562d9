import { FACTOR_IDS, type FactorId, factorById, factorLabel, sortFactorIds } from '../factors.ts';
import { bernoulli, sampleWithoutReplacement } from '../generate/sampling.ts';
import type { MentionStyle, Span } from '../schemas/annotation.ts';
import type { Triple } from '../schemas/triple.ts';
import type { Rng } from '../stats/rng.ts';
import { ABSTENTION_PHRASE, type CaseId, type TestNumber } from '../vocabulary.ts';
import { capitalise, type MarkedMention, MentionMarks, plain } from './mention-marks.ts';
import type { DemoModel } from './models.ts';
import { DEMO_PARAPHRASES, INVENTED_FACTORS } from './paraphrases.ts';

/** What a written argument asserts, by construction — the writer's own answer key. */
export interface WrittenAssertions {
  current: FactorId[];
  tsc1: FactorId[];
  tsc2: FactorId[];
  unlisted: { case: CaseId; text: string }[];
  abstention: 'none' | 'exact' | 'near_miss';
  /**
   * Where the text mentions what it asserts (and the factors it says are absent, as `negated`): one
   * span per mention and case, in text order — the writer knows, because it wrote them.
   */
  spans: Span[];
}

export interface WrittenArgument {
  text: string;
  finishReason: 'stop' | 'length';
  outputTokens: number;
  asserted: WrittenAssertions;
}

type Mention = { kind: 'noun' | 'clause'; text: string };
interface Segment {
  text: string;
  asserts: { case: CaseId; factor: FactorId }[];
  unlisted?: { case: CaseId; text: string }[];
  /** Factors the segment says are absent from a case (a negated mention). */
  negates?: { case: CaseId; factor: FactorId }[];
}

const NEAR_MISSES = [
  'There is no common factor between the input case and the precedents, so no analogical argument can be made.',
  'The input case shares no factors with TSC1 or TSC2; I cannot construct a 3-ply argument.',
  'No shared factors exist between the cases, therefore an argument is not possible.',
];

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[rng.nextInt(items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** One of the options, drawn with probability proportional to its weight. */
function weighted<T>(rng: Rng, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng.next() * total;
  for (const [option, weight] of options) {
    roll -= weight;
    if (roll < 0) return option;
  }
  const last = options.at(-1);
  if (!last) throw new Error('weighted pick from no options');
  return last[0];
}

/** The annotation style of a way of writing a factor: a label carries the code, and code wins. */
const STYLE_OF: Readonly<Record<'code' | 'label' | 'name' | 'paraphrase', MentionStyle>> = {
  code: 'code',
  label: 'code',
  name: 'name',
  paraphrase: 'paraphrase',
};

/** One mention of `factor` in the model's manner, marked so its place in the final text is known. */
function mention(rng: Rng, model: DemoModel, factor: FactorId, marks: MentionMarks): Mention {
  const written = writeMention(rng, model, factor);
  return { kind: written.kind, text: marks.mark(written.text, { factor, style: STYLE_OF[written.style] }) };
}

function writeMention(
  rng: Rng,
  model: DemoModel,
  factor: FactorId,
): Mention & { style: keyof typeof STYLE_OF } {
  const { code, label, name, paraphrase } = model.styles;
  const style = weighted(rng, [
    ['code', code],
    ['label', label],
    ['name', name],
    ['paraphrase', paraphrase],
  ] as const);
  const factorName = factorById(factor).name;
  switch (style) {
    case 'code':
      return { kind: 'noun', text: factor, style };
    case 'label':
      return { kind: 'noun', text: factorLabel(factor), style };
    case 'name':
      return {
        kind: 'noun',
        text: pick(rng, [factorName, factorName.toLowerCase(), factorName.replace(/-/g, ' ').toLowerCase()]),
        style,
      };
    case 'paraphrase':
      return { kind: 'clause', text: pick(rng, DEMO_PARAPHRASES[factor]), style };
  }
}

/** Up to k items, sampled without replacement. */
function upTo<T>(rng: Rng, items: readonly T[], k: number): T[] {
  return sampleWithoutReplacement(rng, items, Math.min(k, items.length));
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

interface Templates {
  /** The sentence for factors named as nouns (codes, labels, names). */
  nouns: (nouns: string, plural: boolean) => string;
  /** The sentence for factors described in clauses (paraphrases). */
  clauses: (clauses: string) => string;
  /** The clause sentence when a noun sentence about the same point came first. */
  more: (clauses: string) => string;
}

/** Sentences about `factors`: named ones through one template, paraphrased ones through another. */
function sentences(
  rng: Rng,
  model: DemoModel,
  factors: readonly FactorId[],
  templates: Templates,
  marks: MentionMarks,
): string {
  const mentions = factors.map((factor) => mention(rng, model, factor, marks));
  const nouns = mentions.filter((item) => item.kind === 'noun').map((item) => item.text);
  const clauses = mentions.filter((item) => item.kind === 'clause').map((item) => item.text);
  const parts: string[] = [];
  if (nouns.length > 0) parts.push(templates.nouns(list(nouns), nouns.length > 1));
  if (clauses.length > 0)
    parts.push(nouns.length > 0 ? templates.more(list(clauses)) : templates.clauses(list(clauses)));
  return parts.map(capitalise).join(' ');
}

const factorsOf = (triple: Triple, caseId: CaseId): FactorId[] => triple[caseId].factors;
const without = (items: readonly FactorId[], removed: readonly FactorId[]) =>
  items.filter((item) => !removed.includes(item));
const within = (items: readonly FactorId[], kept: readonly FactorId[]) =>
  items.filter((item) => kept.includes(item));

function caseName(rng: Rng, caseId: CaseId): string {
  if (caseId === 'current') return pick(rng, ['the input case', 'the current case', 'the input scenario']);
  return caseId === 'tsc1' ? pick(rng, ['TSC1', 'TSC 1']) : pick(rng, ['TSC2', 'TSC 2']);
}

/** The three plies for a triple whose precedents were decided one each way (tests 1 and 2). */
function threePly(rng: Rng, model: DemoModel, triple: Triple, marks: MentionMarks): Segment[] {
  const pCase: CaseId = triple.tsc1.outcome === 'plaintiff' ? 'tsc1' : 'tsc2';
  const dCase: CaseId = pCase === 'tsc1' ? 'tsc2' : 'tsc1';
  const current = factorsOf(triple, 'current');
  const keep = (factors: FactorId[]) => factors.filter(() => !bernoulli(rng, model.omitShared));
  const sharedP = keep(within(factorsOf(triple, pCase), current));
  const sharedD = keep(within(factorsOf(triple, dCase), current));
  const pOnly = upTo(rng, without(factorsOf(triple, pCase), current), 2);
  const dOnly = upTo(rng, without(factorsOf(triple, dCase), current), 2);
  const currentPOnly = without(current, factorsOf(triple, dCase))
    .filter((factor) => factorById(factor).side === 'P')
    .slice(0, 2);
  const P = caseName(rng, pCase);
  const D = caseName(rng, dCase);
  const input = caseName(rng, 'current');
  const segments: Segment[] = [];

  const plaintiff = sentences(
    rng,
    model,
    sharedP,
    {
      nouns: (nouns, plural) => `${nouns} ${plural ? 'were' : 'was'} present in both ${input} and ${P}.`,
      clauses: (clauses) => `In both ${input} and ${P}, ${clauses}.`,
      more: (clauses) => `Also, in both cases ${clauses}.`,
    },
    marks,
  );
  segments.push({
    text: `Plaintiff's argument: ${capitalise(input)} should be decided for the plaintiff, as ${P} was. ${plaintiff}`.trim(),
    asserts: sharedP.flatMap((factor) => [
      { case: 'current' as const, factor },
      { case: pCase, factor },
    ]),
  });
  if (bernoulli(rng, model.misattribute) && pOnly.length > 0) {
    const wrong = pOnly[0] as FactorId;
    segments.push({
      text: `As in ${P}, ${input} also involves ${mention(rng, model, wrong, marks).text}.`,
      asserts: [
        { case: 'current', factor: wrong },
        { case: pCase, factor: wrong },
      ],
    });
  }
  if (bernoulli(rng, model.invent)) {
    const invented = pick(rng, INVENTED_FACTORS);
    const marked = marks.mark(invented, { factor: 'unlisted', style: 'code', text: invented });
    segments.push({
      text: `The plaintiff also relies on ${marked}, which ${input} shows.`,
      asserts: [],
      unlisted: [{ case: 'current', text: invented }],
    });
  }

  const distinction = sentences(
    rng,
    model,
    pOnly,
    {
      nouns: (nouns, plural) =>
        `${P} is distinguishable because ${nouns} ${plural ? 'were' : 'was'} present in ${P} but not in ${input}.`,
      clauses: (clauses) => `${P} is distinguishable: there, ${clauses}, which is not so in ${input}.`,
      more: (clauses) => `Besides, in ${P} ${clauses}, unlike ${input}.`,
    },
    marks,
  );
  const counterexample = sentences(
    rng,
    model,
    sharedD,
    {
      nouns: (nouns, plural) =>
        `${D}, decided for the defendant, is the better match: as in ${D}, ${nouns} ${plural ? 'are' : 'is'} present in ${input}.`,
      clauses: (clauses) =>
        `${D}, decided for the defendant, is the better match, because in both cases ${clauses}.`,
      more: (clauses) => `In both ${D} and ${input}, too, ${clauses}.`,
    },
    marks,
  );
  segments.push({
    text: `\n\nDefendant's counterargument: ${distinction} ${counterexample}`.replace(/ +$/, ''),
    asserts: [
      ...pOnly.map((factor) => ({ case: pCase, factor })),
      ...sharedD.flatMap((factor) => [
        { case: 'current' as const, factor },
        { case: dCase, factor },
      ]),
    ],
  });
  if (bernoulli(rng, model.negation)) {
    const absent = pick(rng, without(FACTOR_IDS, current));
    const negated = mention(rng, model, absent, marks);
    segments.push({
      text:
        negated.kind === 'noun'
          ? `Note that ${negated.text} is not present in ${input}.`
          : `It is not the case that ${negated.text} in ${input}.`,
      asserts: [],
      negates: [{ case: 'current', factor: absent }],
    });
  }

  const rebuttal = sentences(
    rng,
    model,
    dOnly,
    {
      nouns: (nouns, plural) =>
        `${D} is distinguishable because ${nouns} ${plural ? 'were' : 'was'} present in ${D}, which ${input} lacks.`,
      clauses: (clauses) => `${D} differs: there, ${clauses}, which did not happen in ${input}.`,
      more: (clauses) => `In ${D}, moreover, ${clauses}, which ${input} does not show.`,
    },
    marks,
  );
  const strengths = sentences(
    rng,
    model,
    currentPOnly,
    {
      nouns: (nouns) => `Moreover, ${input} has ${nouns}, which ${D} did not have.`,
      clauses: (clauses) => `Moreover, in ${input} ${clauses}; nothing of the kind appears in ${D}.`,
      more: (clauses) => `Also, in ${input} ${clauses}.`,
    },
    marks,
  );
  segments.push({
    text: `\n\nPlaintiff's rebuttal: ${rebuttal} ${strengths}`.replace(/ +$/, ''),
    asserts: [
      ...dOnly.map((factor) => ({ case: dCase, factor })),
      ...currentPOnly.map((factor) => ({ case: 'current' as const, factor })),
    ],
  });
  return segments;
}

/** Test 3: abstain (exactly, in other words, or with factors), or argue anyway. */
function nonArguable(
  rng: Rng,
  model: DemoModel,
  triple: Triple,
  marks: MentionMarks,
): { segments: Segment[]; abstention: WrittenAssertions['abstention'] } {
  const roll = rng.next();
  const { exact, nearMiss, withFactors } = model.abstain;
  if (roll < exact) return { segments: [{ text: ABSTENTION_PHRASE, asserts: [] }], abstention: 'exact' };
  if (roll < exact + nearMiss)
    return { segments: [{ text: pick(rng, NEAR_MISSES), asserts: [] }], abstention: 'near_miss' };
  if (roll < exact + nearMiss + withFactors) {
    const listed = upTo(rng, factorsOf(triple, 'current'), 2);
    const named = sentences(
      rng,
      model,
      listed,
      {
        nouns: (nouns) => `For reference, the input case has ${nouns}.`,
        clauses: (clauses) => `For reference, in the input case ${clauses}.`,
        more: (clauses) => `Also, in the input case ${clauses}.`,
      },
      marks,
    );
    return {
      segments: [
        {
          text: `${ABSTENTION_PHRASE}. ${named}`,
          asserts: listed.map((factor) => ({ case: 'current' as const, factor })),
        },
      ],
      abstention: 'exact',
    };
  }
  // Arguing anyway: the model claims TSC1 shares one of its factors with the input case.
  const claimed = pick(rng, factorsOf(triple, 'tsc1'));
  return {
    segments: [
      {
        text: `Plaintiff's argument: As in TSC1, ${mention(rng, model, claimed, marks).text} applies to the input case, so the plaintiff should win.`,
        asserts: [
          { case: 'current', factor: claimed },
          { case: 'tsc1', factor: claimed },
        ],
      },
      { text: "\n\nDefendant's counterargument: The precedents are not on point.", asserts: [] },
      { text: "\n\nPlaintiff's rebuttal: The shared factor controls.", asserts: [] },
    ],
    abstention: 'none',
  };
}

function thinking(triple: Triple): string {
  const all = sortFactorIds([...triple.current.factors, ...triple.tsc1.factors, ...triple.tsc2.factors]);
  return `<think>Let me compare the cases. The factors involved are ${all.join(', ')}. I should check which ones the input case shares with each precedent before writing.</think>\n`;
}

/**
 * Writes one synthetic 3-ply argument for a triple in the manner of `model`, and records what it
 * asserts per case (segments cut off by truncation assert nothing). Deterministic for a given rng
 * state. Tests 1–2 argue; test 3 mostly abstains.
 */
export function writeDemoArgument(
  triple: Triple,
  test: TestNumber,
  model: DemoModel,
  rng: Rng,
): WrittenArgument {
  const marks = new MentionMarks();
  const written =
    test === 3
      ? nonArguable(rng, model, triple, marks)
      : { segments: threePly(rng, model, triple, marks), abstention: 'none' as const };
  const prefix = bernoulli(rng, model.think) ? thinking(triple) : '';
  let segments = written.segments;
  let finishReason: WrittenArgument['finishReason'] = 'stop';
  let tail = '';
  if (segments.length > 1 && bernoulli(rng, model.truncate)) {
    // Cut inside a later segment: everything before it is delivered, the cut one only in part (its
    // mentions, cut or not, assert nothing and are not marked).
    const cut = 1 + rng.nextInt(segments.length - 1);
    const partial = plain(segments[cut]?.text ?? '');
    tail = partial.slice(0, Math.max(1, Math.floor(partial.length / 3)));
    segments = segments.slice(0, cut);
    finishReason = 'length';
  }
  const { text, ranges } = marks.resolve(
    `${prefix}${segments
      .map((segment) => segment.text)
      .join(' ')
      .replace(/ \n/g, '\n')}${tail}`,
  );
  const asserted: WrittenAssertions = {
    current: [],
    tsc1: [],
    tsc2: [],
    unlisted: [],
    abstention: written.abstention,
    spans: [],
  };
  for (const segment of segments) {
    for (const { case: caseId, factor } of segment.asserts) asserted[caseId].push(factor);
    asserted.unlisted.push(...(segment.unlisted ?? []));
    for (const id of marks.idsIn(segment.text)) {
      const range = ranges.get(id);
      if (range) asserted.spans.push(...spansOfMention(segment, marks.mention(id), range));
    }
  }
  for (const caseId of ['current', 'tsc1', 'tsc2'] as const)
    asserted[caseId] = sortFactorIds(asserted[caseId]);
  asserted.spans.sort((x, y) => x.start - y.start);
  return { text, finishReason, outputTokens: Math.round(text.split(/\s+/).length * 1.3), asserted };
}

/**
 * The spans of one mention: one per case its segment asserts the factor for (an invented factor: per
 * case it is recorded for), and one `negated` span per case the segment says lacks it.
 */
function spansOfMention(
  segment: Segment,
  mention: MarkedMention,
  range: { start: number; end: number },
): Span[] {
  const span = (caseId: CaseId, polarity: Span['polarity']): Span => ({
    ...range,
    case: caseId,
    factor: mention.factor,
    style: mention.style,
    polarity,
    ...(mention.text === undefined ? {} : { text: mention.text }),
  });
  if (mention.factor === 'unlisted')
    return (segment.unlisted ?? [])
      .filter((item) => item.text === mention.text)
      .map((item) => span(item.case, 'asserted'));
  const factor = mention.factor;
  return [
    ...segment.asserts.filter((item) => item.factor === factor).map((item) => span(item.case, 'asserted')),
    ...(segment.negates ?? [])
      .filter((item) => item.factor === factor)
      .map((item) => span(item.case, 'negated')),
  ];
}
