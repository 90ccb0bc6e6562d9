import { factorLabel } from '../factors.ts';
import { CASES, type CaseId } from '../vocabulary.ts';
import { ruleNamed } from './rule-table.ts';
import type { RulesExtraction, RulesMention } from './types.ts';

const CASE_NAME: Readonly<Record<CaseId, string>> = { current: 'current case', tsc1: 'TSC1', tsc2: 'TSC2' };

function reading(mention: RulesMention): string {
  const about = mention.case === null ? 'no case' : CASE_NAME[mention.case];
  return `${about}: ${mention.polarity}`;
}

function factorOf(mention: RulesMention): string {
  return mention.factor === 'unlisted' ? `unlisted "${mention.text}"` : factorLabel(mention.factor);
}

/** The line of the text a mention stands on, with the mention's words in [brackets], shortened to about 160 characters. */
function inContext(text: string, mention: RulesMention): string {
  const lineStart = text.lastIndexOf('\n', mention.start - 1) + 1;
  const newline = text.indexOf('\n', mention.end);
  const lineEnd = newline === -1 ? text.length : newline;
  const from = Math.max(lineStart, mention.start - 70);
  const to = Math.min(lineEnd, mention.end + 70);
  const before = `${from > lineStart ? '…' : ''}${text.slice(from, mention.start)}`;
  const after = `${text.slice(mention.end, to)}${to < lineEnd ? '…' : ''}`;
  return `${before}[${text.slice(mention.start, mention.end)}]${after}`.replace(/\s+/g, ' ').trim();
}

/**
 * An extraction explained for a reviewer: the lists per case, abstention and truncation, then every
 * mention in text order — its words in their line, its factor, the case and polarity it was read
 * with, and the named rules that produced that reading (the last decided) — and at the end what each
 * rule used does, from the rule table. `text` is the argument text the extraction was made from.
 *
 * @example explainExtraction('TSC1 had F4.', extractFactors('TSC1 had F4.', lexicon)) // "…F4 Agreed-not-to-disclose — TSC1: asserted\n     find.code → case.own-case-words…"
 */
export function explainExtraction(text: string, result: RulesExtraction): string {
  const lists = CASES.map((caseId) => `${CASE_NAME[caseId]}: ${result[caseId].join(', ') || '—'}`);
  const lines = [
    lists.join('   '),
    `unlisted: ${result.unlisted.map((item) => `${CASE_NAME[item.case]} "${item.text}"`).join(', ') || '—'}   abstention: ${result.abstention}   truncated: ${result.truncated ? 'yes' : 'no'}`,
    '',
    result.mentions.length === 0
      ? 'no mentions'
      : `${result.mentions.length} mention reading(s), in text order:`,
  ];
  const used = new Set<string>();
  for (const [index, mention] of result.mentions.entries()) {
    lines.push(
      `${String(index + 1).padStart(3)}. ${factorOf(mention)} — ${reading(mention)}  (characters ${mention.start}–${mention.end}, ${mention.style})`,
      `     ${inContext(text, mention)}`,
      `     ${mention.rules.join(' → ')}`,
    );
    for (const rule of mention.rules) used.add(rule);
  }
  if (used.size > 0) {
    lines.push('', 'the rules used:');
    for (const name of [...used].sort())
      lines.push(`  ${name}: ${ruleNamed(name)?.says ?? '(not in the rule table)'}`);
  }
  return `${lines.join('\n')}\n`;
}
