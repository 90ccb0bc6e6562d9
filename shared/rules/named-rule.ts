/**
 * The families of the rules extractor's named rules, in the order a mention meets them: how it was
 * found, how its factor was re-read (who did it, what it is about, whether it is possible or done),
 * what it refers back to, which case it is about, and whether that case has it (compared with
 * another, negated, hypothetical).
 */
export type RuleFamily =
  | 'find'
  | 'anaphora'
  | 'modality'
  | 'agent'
  | 'recipient'
  | 'subject'
  | 'case'
  | 'comparison'
  | 'negation'
  | 'hypothetical';

/**
 * One named rule of a family's table: its name (`family.what-it-reads`, recorded on every mention
 * it produces), what it does in words a legal reviewer can check, and an example sentence it reads.
 * A family's table is ordered: where two rules could apply, the earlier one decides.
 */
export interface NamedRule {
  readonly name: `${RuleFamily}.${string}`;
  readonly says: string;
  readonly example: string;
}
