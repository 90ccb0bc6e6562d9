import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LISTING_HEADING, lexiconListing, RULES_PAGE, withListing } from '../scripts/lexicon-listing.ts';
import { FACTORS, type FactorId } from '../shared/factors.ts';
import { RULE_TABLE } from '../shared/rules/rule-table.ts';
import { loadLexicon } from './fixtures/rules/labelled-arguments.ts';

/**
 * docs/RULES-EXTRACTOR.md lists the rule table and the lexicon (its structural classes, then factor
 * by factor) for review by a legal expert; the listing must be the table and the file, phrase for phrase, or the review reads something the extractor does not
 * do. `npm run docs:lexicon` writes it (scripts/lexicon-listing.ts); this test finds it in the page.
 */
const page = readFileSync(RULES_PAGE, 'utf8');
const lexicon = loadLexicon();

describe('the lexicon listing in docs/RULES-EXTRACTOR.md', () => {
  it('is the listing of data/lexicon.json, to the character (npm run docs:lexicon rewrites it)', () => {
    expect(page.slice(page.indexOf(LISTING_HEADING))).toBe(lexiconListing(lexicon));
  });

  it('names every class, phrase and frame once, under its factor, with the version', () => {
    const listing = lexiconListing(lexicon);
    expect(listing).toContain(`(version ${lexicon.version})`);
    for (const name of Object.keys(lexicon.synonyms)) expect(listing).toContain(`| \`@${name}\` |`);
    for (const name of Object.keys(lexicon.structure)) expect(listing).toContain(`| \`${name}\` |`);
    for (const rule of RULE_TABLE) expect(listing).toContain(`| \`${rule.name}\` |`);
    for (const factor of FACTORS) {
      const section = listing.split(`### ${factor.id} `)[1]?.split('\n### ')[0] ?? '';
      const items = section.split('\n').filter((line) => line.startsWith('- '));
      const id = factor.id as FactorId;
      expect(items, factor.id).toHaveLength(
        (lexicon.factors[id]?.length ?? 0) + (lexicon.frames[id]?.length ?? 0),
      );
    }
  });

  it('replaces only the listing section of a page', () => {
    const before = '# Title\n\nProse.\n\n';
    expect(withListing(`${before}${LISTING_HEADING}\n\nold listing\n`, lexicon)).toBe(
      `${before}${lexiconListing(lexicon)}`,
    );
    expect(() => withListing('# No listing here\n', lexicon)).toThrow(/no "## The rule table/);
  });
});
