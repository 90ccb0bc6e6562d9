import type { FactorId } from '../factors.ts';
import type { MentionStyle } from '../schemas/annotation.ts';
import type { UnlistedMention } from '../schemas/factor-list.ts';
import type { CaseId } from '../vocabulary.ts';
import type { NamedRule } from './named-rule.ts';

/** The name of one of the extractor's named rules (shared/rules/rule-table.ts). */
export type RuleName = NamedRule['name'];

/**
 * How a mention stands: `asserted` (the argument says the factor is present in the case),
 * `negated` ("F5 is not present in the input case", "which TSC1 lacks"), or `hypothetical`
 * (a condition or general law: "even if F19 were present", "courts generally value NDAs"). Only
 * `asserted` mentions put a factor in a case's list.
 */
export type RulesPolarity = 'asserted' | 'negated' | 'hypothetical';

/** How a response abstains: not at all, with the study's exact phrase, or in other words. */
export type Abstention = 'none' | 'exact' | 'near_miss';

/** A factor reference found in the text before a case is attached: [start, end) of the text searched. */
export interface FoundMention {
  start: number;
  end: number;
  factor: FactorId | 'unlisted';
  style: MentionStyle;
  /** The wording; for `unlisted` the label as recorded ("F30 Market-dominance"), side marker dropped. */
  text: string;
  /**
   * Where a negation word inside a paraphrase stands ("took NO measures", "NEVER asked … to keep it
   * secret"): a phrase that starts after it lies in its scope (`resolveOverlaps`).
   */
  negationAt?: number;
  /** The rule that found it: `find.code`, `find.name`, `find.phrase`, `find.frame`, an `anaphora.*` rule … */
  found: RuleName;
  /** The rule that re-read its factor, if one did: "an outsider … was bound to keep it secret" is F12, not F4. */
  reread?: RuleName;
}

/**
 * One piece of evidence: characters [start, end) of the ORIGINAL text (reasoning trace included),
 * the case it is about (`null` when the text does not say which), the factor, style and polarity.
 * A span said of two cases ("in both the input case and TSC1") yields one mention per case.
 */
export interface RulesMention {
  start: number;
  end: number;
  case: CaseId | null;
  factor: FactorId | 'unlisted';
  style: MentionStyle;
  polarity: RulesPolarity;
  /** The quoted wording (text[start, end)); for `unlisted`, the label as recorded ("F30 Market-dominance"). */
  text: string;
  /**
   * The named rules that produced this reading, in the order they applied (shared/rules/rule-table.ts):
   * how the mention was found, how its factor was re-read if it was, how its case and polarity were
   * decided. The last one decided the reading.
   */
  rules: readonly RuleName[];
}

/** What the rule-based extractor reads in one generated argument. */
export interface RulesExtraction {
  /** Per case, the catalogue factors with at least one asserted mention, in catalogue order. */
  current: FactorId[];
  tsc1: FactorId[];
  tsc2: FactorId[];
  /** Asserted mentions of factors outside the catalogue, per case, without repeats. */
  unlisted: UnlistedMention[];
  abstention: Abstention;
  truncated: boolean;
  /** Every mention found in the delivered answer, in text order. */
  mentions: RulesMention[];
}
