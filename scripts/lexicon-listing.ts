import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FACTORS, type FactorId } from '../shared/factors.ts';
import { type Lexicon, lexiconSchema } from '../shared/rules/lexicon.ts';
import type { RuleFamily } from '../shared/rules/named-rule.ts';
import { familyOf, RULE_TABLE } from '../shared/rules/rule-table.ts';

/** The heading the listing starts at; everything from it to the end of the page is the listing. */
export const LISTING_HEADING = '## The rule table';
const LEXICON_HEADING = '## The lexicon, factor by factor';

const FAMILY_TITLE: Readonly<Record<RuleFamily, string>> = {
  find: 'Finding a mention',
  anaphora: 'References back (anaphora)',
  modality: 'Possible or done (modality)',
  agent: 'Who did it (agent)',
  recipient: 'Who promised (recipient)',
  subject: 'What it is about (subject)',
  case: 'Which case (case attribution)',
  comparison: 'Comparisons and distinctions',
  hypothetical: 'Hypotheticals and general law',
  negation: 'Negation',
};

/**
 * The rule table written out for review: family by family, in the order a mention meets them, each
 * rule's name (what a mention records), what it does and an example it reads (rule-table.test.ts
 * holds each example to its rule).
 */
export function ruleTableListing(): string {
  const lines = [
    LISTING_HEADING,
    '',
    'Every named rule of the extractor, written out from `shared/rules/rule-table.ts` by `npm run docs:lexicon` (the test fails when this page and the table differ). A mention records the names of the rules that produced its reading, in the order they applied — how it was found, how its factor was re-read, which case it is about, whether that case has it — and `extract --extractor rules --explain ARGUMENT_ID` prints them; the last one decided. Within a family the rules are tried in this order and the first that applies decides. Each example is read with its rule (`shared/rules/rule-table.test.ts` checks it).',
  ];
  let family: RuleFamily | null = null;
  for (const rule of RULE_TABLE) {
    const own = familyOf(rule.name);
    if (own !== family) {
      family = own;
      lines.push('', `### ${FAMILY_TITLE[own]}`, '', '| rule | what it does | example |', '|---|---|---|');
    }
    lines.push(
      `| \`${rule.name}\` | ${rule.says.replace(/\|/g, '\\|')} | ${rule.example.replace(/\n/g, ' ').replace(/\|/g, '\\|')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * docs/RULES-EXTRACTOR.md's last section: `data/lexicon.json` written out for review by a legal
 * expert — the synonym classes, then per factor its meaning, its phrases and its frames, in the
 * file's order. `test/rules-lexicon-doc.test.ts` holds the page to it.
 */
export function lexiconListing(lexicon: Lexicon): string {
  const lines = [
    LEXICON_HEADING,
    '',
    `This listing is \`data/lexicon.json\` (version ${lexicon.version}) written out for review by a legal expert; \`npm run docs:lexicon\` writes it and \`test/rules-lexicon-doc.test.ts\` fails when the two differ, so a change to the file is a change to this page. Read each phrase as lemmas in order, each word in any inflection ("take" also "took", "taken"), \`a|b\` one of the words, \`*\` up to three other words, \`**\` up to six, \`@name\` any word of the synonym class of that name; filler words (a, the, its …) are ignored. A phrase with its own negation ("took no * measures") is a positive statement of its factor. A frame lists concepts that must meet in one clause within 10 words: \`+\` in any order, \`>\` in that order. The phrases and frames were written from each factor's meaning (shown in italics, from \`shared/factors.ts\`) and the annotation guidelines.`,
    '',
    '### Synonym classes',
    '',
    '| class | words |',
    '|---|---|',
    ...Object.entries(lexicon.synonyms).map(([name, words]) => `| \`@${name}\` | ${words.join(', ')} |`),
    '',
    '### Structural classes',
    '',
    "The closed word classes of the structural rules (`structure` in the file): the rules' patterns name them (`{name}`), so the words are here and nowhere in the code. `@class` brings in a synonym class's words, `@class*` all their forms.",
    '',
    '| class | what for | words |',
    '|---|---|---|',
    ...Object.entries(lexicon.structure).map(
      ([name, { role, words }]) => `| \`${name}\` | ${role.replace(/\|/g, '\\|')} | ${words.join(', ')} |`,
    ),
  ];
  for (const factor of FACTORS) {
    const id = factor.id as FactorId;
    lines.push('', `### ${factor.id} ${factor.name} (${factor.side})`, '', `*${factor.meaning}*`, '');
    for (const phrase of lexicon.factors[id] ?? []) lines.push(`- \`${phrase}\``);
    for (const frame of lexicon.frames[id] ?? []) lines.push(`- frame: \`${frame}\``);
  }
  return `${ruleTableListing()}\n${lines.join('\n')}\n`;
}

/** `page` with its listing section replaced by the listing of `lexicon`. */
export function withListing(page: string, lexicon: Lexicon): string {
  const at = page.indexOf(LISTING_HEADING);
  if (at === -1) throw new Error(`the page has no "${LISTING_HEADING}" section`);
  return page.slice(0, at) + lexiconListing(lexicon);
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
export const RULES_PAGE = here('../docs/RULES-EXTRACTOR.md');
export const LEXICON_FILE = here('../data/lexicon.json');

// `npm run docs:lexicon`: rewrite the page's listing from the lexicon file.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lexicon = lexiconSchema.parse(JSON.parse(readFileSync(LEXICON_FILE, 'utf8')));
  const page = readFileSync(RULES_PAGE, 'utf8');
  const next = withListing(page, lexicon);
  writeFileSync(RULES_PAGE, next);
  process.stdout.write(next === page ? 'the listing was up to date\n' : 'listing rewritten\n');
}
