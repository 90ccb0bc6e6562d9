import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FACTORS, type FactorId } from '../shared/factors.ts';
import { type Lexicon, lexiconSchema } from '../shared/rules/lexicon.ts';

/** The heading the listing starts at; everything from it to the end of the page is the listing. */
export const LISTING_HEADING = '## The lexicon, factor by factor';

/**
 * docs/RULES-EXTRACTOR.md's last section: `data/lexicon.json` written out for review by a legal
 * expert — the synonym classes, then per factor its meaning, its phrases and its frames, in the
 * file's order. `test/rules-lexicon-doc.test.ts` holds the page to it.
 */
export function lexiconListing(lexicon: Lexicon): string {
  const lines = [
    LISTING_HEADING,
    '',
    `This listing is \`data/lexicon.json\` (version ${lexicon.version}) written out for review by a legal expert; \`npm run docs:lexicon\` writes it and \`test/rules-lexicon-doc.test.ts\` fails when the two differ, so a change to the file is a change to this page. Read each phrase as lemmas in order, each word in any inflection ("take" also "took", "taken"), \`a|b\` one of the words, \`*\` up to three other words, \`**\` up to six, \`@name\` any word of the synonym class of that name; filler words (a, the, its …) are ignored. A phrase with its own negation ("took no * measures") is a positive statement of its factor. A frame lists concepts that must meet in one clause within 10 words: \`+\` in any order, \`>\` in that order. The phrases and frames were written from each factor's meaning (shown in italics, from \`shared/factors.ts\`) and the annotation guidelines.`,
    '',
    '### Synonym classes',
    '',
    '| class | words |',
    '|---|---|',
    ...Object.entries(lexicon.synonyms).map(([name, words]) => `| \`@${name}\` | ${words.join(', ')} |`),
  ];
  for (const factor of FACTORS) {
    const id = factor.id as FactorId;
    lines.push('', `### ${factor.id} ${factor.name} (${factor.side})`, '', `*${factor.meaning}*`, '');
    for (const phrase of lexicon.factors[id] ?? []) lines.push(`- \`${phrase}\``);
    for (const frame of lexicon.frames[id] ?? []) lines.push(`- frame: \`${frame}\``);
  }
  return `${lines.join('\n')}\n`;
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
