/**
 * The demo's eight simulated models. Each is a mix of the habits real LLMs show in 3-ply arguments,
 * so that the demo gives an extractor and the annotators something worth measuring. Probabilities
 * are per argument (or per mention for `styles`).
 */
export interface DemoModel {
  name: string;
  /** Relative weights of how a factor is mentioned. */
  styles: { code: number; label: number; name: number; paraphrase: number };
  /** Share of shared factors left unmentioned (terse models). */
  omitShared: number;
  /** Probability of adding a negated mention ("F5 is not present in the input case"). */
  negation: number;
  /** Probability of an invented, unlisted factor. */
  invent: number;
  /** Probability of placing a precedent's factor in the input case (a misattribution). */
  misattribute: number;
  /** Probability of a <think> trace before the answer. */
  think: number;
  /** Probability that the output is cut off at the token limit. */
  truncate: number;
  /** Test 3 behaviour: exact phrase, near-miss wording, exact phrase plus factors, else it argues anyway. */
  abstain: { exact: number; nearMiss: number; withFactors: number };
}

const base = { omitShared: 0, negation: 0.1, invent: 0, misattribute: 0, think: 0, truncate: 0 };

export const DEMO_MODELS: readonly DemoModel[] = [
  {
    ...base,
    name: 'demo-labels',
    styles: { code: 0, label: 1, name: 0, paraphrase: 0 },
    abstain: { exact: 0.85, nearMiss: 0.05, withFactors: 0.05 },
  },
  {
    ...base,
    name: 'demo-codes',
    styles: { code: 1, label: 0, name: 0, paraphrase: 0 },
    abstain: { exact: 0.7, nearMiss: 0.1, withFactors: 0.1 },
  },
  {
    ...base,
    name: 'demo-terse',
    omitShared: 0.4,
    styles: { code: 3, label: 1, name: 0, paraphrase: 0 },
    abstain: { exact: 0.5, nearMiss: 0.3, withFactors: 0 },
  },
  {
    ...base,
    name: 'demo-prose',
    styles: { code: 0, label: 0, name: 1, paraphrase: 4 },
    abstain: { exact: 0.3, nearMiss: 0.5, withFactors: 0 },
  },
  {
    ...base,
    name: 'demo-names',
    styles: { code: 0, label: 0, name: 1, paraphrase: 0 },
    abstain: { exact: 0.6, nearMiss: 0.2, withFactors: 0.1 },
  },
  {
    ...base,
    name: 'demo-negator',
    negation: 0.8,
    styles: { code: 2, label: 1, name: 1, paraphrase: 1 },
    abstain: { exact: 0.6, nearMiss: 0.2, withFactors: 0.1 },
  },
  {
    ...base,
    name: 'demo-inventor',
    invent: 0.3,
    misattribute: 0.25,
    styles: { code: 1, label: 2, name: 0, paraphrase: 1 },
    abstain: { exact: 0.4, nearMiss: 0.1, withFactors: 0.1 },
  },
  {
    ...base,
    name: 'demo-reasoner',
    think: 0.9,
    truncate: 0.2,
    styles: { code: 2, label: 1, name: 1, paraphrase: 1 },
    abstain: { exact: 0.6, nearMiss: 0.2, withFactors: 0 },
  },
];
