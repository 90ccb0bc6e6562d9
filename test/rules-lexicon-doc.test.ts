import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FACTORS, type FactorId } from '../shared/factors.ts';
import { loadLexicon } from './fixtures/rules/labelled-arguments.ts';

/**
 * docs/RULES-EXTRACTOR.md lists the lexicon factor by factor for review by a legal expert; the
 * listing must be the file, phrase for phrase, or the review reads something the extractor does not
 * do. This test builds the listing from data/lexicon.json and finds it in the page.
 */
const doc = readFileSync(fileURLToPath(new URL('../docs/RULES-EXTRACTOR.md', import.meta.url)), 'utf8');
const lexicon = loadLexicon();

describe('the lexicon listing in docs/RULES-EXTRACTOR.md', () => {
  it('lists every synonym class with its words', () => {
    for (const [name, words] of Object.entries(lexicon.synonyms))
      expect(doc).toContain(`| \`@${name}\` | ${words.join(', ')} |`);
  });

  it('lists every factor with exactly its phrases and frames, in order', () => {
    for (const factor of FACTORS) {
      const heading = `### ${factor.id} ${factor.name} (${factor.side})\n\n*${factor.meaning}*\n\n`;
      const phrases = lexicon.factors[factor.id as FactorId] ?? [];
      const frames = lexicon.frames[factor.id as FactorId] ?? [];
      const listing = [
        ...phrases.map((phrase) => `- \`${phrase}\``),
        ...frames.map((frame) => `- frame: \`${frame}\``),
      ].join('\n');
      expect(doc, `${factor.id} in the listing`).toContain(`${heading}${listing}\n`);
      const section = doc.slice(doc.indexOf(heading) + heading.length).split('\n### ')[0] ?? '';
      expect(section.trim().split('\n'), `${factor.id}: no phrase or frame the file lacks`).toHaveLength(
        phrases.length + frames.length,
      );
    }
  });

  it('names the version of the file it lists', () => {
    expect(doc).toContain(`\`data/lexicon.json\` (version ${lexicon.version})`);
  });
});
