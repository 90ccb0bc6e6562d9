import { normaliseFactorReference } from '../factor-reference.ts';
import { FACTOR_IDS, type FactorId, factorLabel } from '../factors.ts';
import { CASES, type CaseId } from '../vocabulary.ts';

/**
 * The names of the labelling configuration's controls — the `from_name` of every Label Studio result
 * item — and the values they take. They are the whole mapping between a judgement and Label Studio
 * (docs/FORMATS.md, "Label Studio"): a span is a region of `span_<case>` labelled with its factor,
 * with per-region `style`, `polarity` and (for an unlisted factor) `unlisted_text`; a case's ticks
 * are the choices of `factors_<case>`; its unlisted factors the lines of `unlisted_<case>`; the
 * response's flags the choices of `flags`; then `comment` and the hidden `guideline_version`.
 */
export const LS = {
  text: 'text',
  span: (caseId: CaseId) => `span_${caseId}`,
  factors: (caseId: CaseId) => `factors_${caseId}`,
  unlisted: (caseId: CaseId) => `unlisted_${caseId}`,
  style: 'style',
  polarity: 'polarity',
  unlistedText: 'unlisted_text',
  flags: 'flags',
  comment: 'comment',
  guidelineVersion: 'guideline_version',
} as const;

/** A result item's `type` for each kind of control the configuration has (`<Labels>`, `<Choices>`, `<TextArea>`). */
export type ControlType = 'labels' | 'choices' | 'textarea';

/**
 * The type of result the configuration's control `fromName` gives, or undefined when it has no
 * control of that name: a result of another type (a `rectanglelabels` region under `span_current`)
 * was not made with this configuration, and an import refuses it.
 */
export function controlType(fromName: string): ControlType | undefined {
  if (CASES.some((caseId) => fromName === LS.span(caseId))) return 'labels';
  if (CASES.some((caseId) => fromName === LS.factors(caseId))) return 'choices';
  if (CASES.some((caseId) => fromName === LS.unlisted(caseId))) return 'textarea';
  if (fromName === LS.style || fromName === LS.polarity || fromName === LS.flags) return 'choices';
  if (fromName === LS.unlistedText || fromName === LS.comment || fromName === LS.guidelineVersion)
    return 'textarea';
  return undefined;
}

/** The label of a span marking a factor outside the catalogue. */
export const UNLISTED_LABEL = 'unlisted';

/** The flag choices and the judgement fields they set. */
export const FLAG_CHOICES = {
  abstained: 'abstained',
  'exact phrase': 'exact_phrase',
  truncated: 'truncated',
} as const;
export type FlagChoice = keyof typeof FLAG_CHOICES;

export const STYLE_CHOICES = ['code', 'name', 'paraphrase'] as const;
/** `hypothetical` only ever comes from an extractor's evidence (predictions); a judgement's span is asserted or negated. */
export const POLARITY_CHOICES = ['asserted', 'negated', 'hypothetical'] as const;

/** Case names as an annotator reads them. */
const CASE_TITLES: Readonly<Record<CaseId, string>> = {
  current: 'Current case (the input scenario)',
  tsc1: 'TSC1',
  tsc2: 'TSC2',
};

/** A factor as Label Studio shows and stores it: its catalogue label, "F4 Agreed-not-to-disclose (P)". */
export function factorChoice(id: FactorId): string {
  return factorLabel(id);
}

/** The catalogue factor a label or choice names (every spelling `normaliseFactorReference` reads), else undefined. */
export function factorOfChoice(value: string): FactorId | undefined {
  const reference = normaliseFactorReference(value);
  return reference.kind === 'factor' ? reference.id : undefined;
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

const option = (tag: 'Label' | 'Choice', value: string, indent: string) =>
  `${indent}<${tag} value="${escapeXml(value)}"/>`;

/**
 * The labelling configuration (`<View>` XML) to paste into a Label Studio project's settings: the
 * argument as `<Text name="text">`; per case a `<Labels>` with the 26 factors and "unlisted" for its
 * highlighted mentions; per selected region `style`, `polarity` (choices) and `unlisted_text`; per
 * case a multiple `<Choices>` of the 26 factors (the ticks) and a `<TextArea>` for unlisted factors;
 * the flags (abstained, exact phrase, truncated); a comment; and a hidden `guideline_version`. The
 * names are those of `LS`, so tasks written by `labelStudioTask` and exports read by
 * `judgementFromResults` fit it. Pure; the same text every time.
 *
 * @example labelConfigXml().startsWith('<View>') // true
 */
export function labelConfigXml(): string {
  const lines = [
    '<View>',
    '  <Header value="Argument"/>',
    `  <Text name="${LS.text}" value="$text"/>`,
    '  <Header value="Highlight each mention under the case it is about"/>',
  ];
  for (const caseId of CASES) {
    lines.push(`  <Header value="${escapeXml(CASE_TITLES[caseId])}" size="5"/>`);
    lines.push(`  <Labels name="${LS.span(caseId)}" toName="${LS.text}" showInline="true">`);
    for (const id of FACTOR_IDS) lines.push(option('Label', factorChoice(id), '    '));
    lines.push(option('Label', UNLISTED_LABEL, '    '), '  </Labels>');
  }
  lines.push(
    '  <View visibleWhen="region-selected">',
    '    <Header value="The selected mention" size="5"/>',
    `    <Choices name="${LS.style}" toName="${LS.text}" perRegion="true" choice="single" showInline="true">`,
    ...STYLE_CHOICES.map((value) => option('Choice', value, '      ')),
    '    </Choices>',
    `    <Choices name="${LS.polarity}" toName="${LS.text}" perRegion="true" choice="single" showInline="true">`,
    ...POLARITY_CHOICES.filter((value) => value !== 'hypothetical').map((value) =>
      option('Choice', value, '      '),
    ),
    '    </Choices>',
    `    <TextArea name="${LS.unlistedText}" toName="${LS.text}" perRegion="true" maxSubmissions="1" placeholder="Wording of an unlisted factor"/>`,
    '  </View>',
    '  <Header value="Factors asserted present in each case"/>',
  );
  for (const caseId of CASES) {
    lines.push(
      `  <Header value="${escapeXml(CASE_TITLES[caseId])}" size="5"/>`,
      `  <Choices name="${LS.factors(caseId)}" toName="${LS.text}" choice="multiple" showInline="true">`,
      ...FACTOR_IDS.map((id) => option('Choice', factorChoice(id), '    ')),
      '  </Choices>',
      `  <TextArea name="${LS.unlisted(caseId)}" toName="${LS.text}" placeholder="Unlisted factors of this case, one per entry"/>`,
    );
  }
  lines.push(
    '  <Header value="The response"/>',
    `  <Choices name="${LS.flags}" toName="${LS.text}" choice="multiple" showInline="true">`,
    ...Object.keys(FLAG_CHOICES).map((value) => option('Choice', value, '    ')),
    '  </Choices>',
    `  <TextArea name="${LS.comment}" toName="${LS.text}" maxSubmissions="1" placeholder="Comment"/>`,
    '  <View style="display: none">',
    `    <TextArea name="${LS.guidelineVersion}" toName="${LS.text}" maxSubmissions="1"/>`,
    '  </View>',
    '</View>',
  );
  return `${lines.join('\n')}\n`;
}
