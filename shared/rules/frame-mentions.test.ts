import { describe, expect, it } from 'vitest';
import type { FactorId } from '../factors.ts';
import { extractFactors } from './extract.ts';
import { addFrameMentions, compileFrames, findFrameMentions } from './frame-mentions.ts';
import { testLexicon } from './test-lexicon.ts';
import type { FoundMention } from './types.ts';
import { matchWords, wordVocabulary } from './words.ts';

const lexicon = testLexicon(
  { F19: ['did nothing to'], F6: ['lock and key'] },
  {
    bar: ['bar', 'restrain', 'prohibit'],
    competitor: ['competitor', 'rival'],
    job: ['work', 'employment', 'join'],
  },
  { F13: ['@bar + @job + @competitor'], F6: ['lock + file|office'] },
);

function frames(text: string) {
  return findFrameMentions(
    text,
    compileFrames(lexicon),
    [[0, text.length]],
    matchWords(text, wordVocabulary(lexicon)),
  ).map((m) => [m.factor, m.text]);
}

describe('findFrameMentions', () => {
  it('meets the concepts in any order and any inflection within one clause', () => {
    expect(frames('a covenant barring him from working for a competitor')).toEqual([
      ['F13', 'barring him from working for a competitor'],
    ]);
    expect(frames('employment with a rival was prohibited')).toEqual([
      ['F13', 'employment with a rival was prohibited'],
    ]);
  });

  it('keeps the order a " > " asks for', () => {
    const ordered = testLexicon({}, { aware: ['know', 'told'] }, { F21: ['@aware > secret'] });
    const found = (text: string) =>
      findFrameMentions(
        text,
        compileFrames(ordered),
        [[0, text.length]],
        matchWords(text, wordVocabulary(ordered)),
      ).map((m) => m.text);
    expect(found('it was told the plans were secret')).toEqual(['told the plans were secret']);
    expect(found('the secret was told to a crowd')).toEqual([]);
  });

  it('needs every slot, each from its own word', () => {
    expect(frames('a covenant barring competitors')).toEqual([]);
  });

  it('does not match across a clause boundary, past a negation word or beyond the window', () => {
    expect(frames('the rival was barred; employment ended')).toEqual([]);
    expect(frames('working for a rival was never prohibited')).toEqual([]);
    expect(
      frames(
        'working there, for a long and very happy and fruitful and productive time, with the rival, barred',
      ),
    ).toEqual([]);
  });

  it('reports the narrowest match of a frame in a sentence', () => {
    expect(frames('he locked the office and later the files')).toEqual([['F6', 'locked the office']]);
  });
});

describe('a frame that names a negation word', () => {
  const negative = testLexicon({}, {}, { F19: ['never|not + guard|lock + anything|files'] });

  it("matches it as the factor's own wording and asserts the factor", () => {
    expect(
      findFrameMentions(
        'it never locked the files',
        compileFrames(negative),
        [[0, 25]],
        matchWords('it never locked the files', wordVocabulary(negative)),
      ),
    ).toMatchObject([{ factor: 'F19', text: 'never locked the files', negationAt: 3 }]);
    expect(extractFactors('In TSC2 the owner had not guarded anything.', negative).tsc2).toEqual(['F19']);
  });
});

/** A paraphrase mention of `wording` in `text` (its first occurrence), with its own negation word if given. */
function mentionOf(text: string, wording: string, factor: FactorId, negation?: string): FoundMention {
  const start = text.indexOf(wording);
  const mention: FoundMention = {
    start,
    end: start + wording.length,
    factor,
    style: 'paraphrase',
    text: wording,
    found: 'find.phrase',
  };
  if (negation) mention.negationAt = text.indexOf(negation, start);
  return mention;
}

/** `addFrameMentions` over `text` as one sentence, with the case words given by their wording. */
function add(text: string, found: FoundMention[], frames: FoundMention[], cueWordings: string[] = []) {
  const cues = cueWordings.map((cue) => ({ start: text.indexOf(cue), end: text.indexOf(cue) + cue.length }));
  return addFrameMentions(text, found, frames, [[0, text.length]], cues, lexicon);
}

describe('addFrameMentions', () => {
  const text = 'It did nothing to lock the files.';
  const phrase = mentionOf(text, 'did nothing to', 'F19', 'nothing');
  const frame = mentionOf(text, 'lock the files', 'F6');

  it('drops a frame mention a phrase overlaps, and one after a phrase with its own negation', () => {
    expect(add(text, [phrase], [frame])).toEqual([phrase]);
    expect(add(text, [], [frame])).toEqual([frame]);
    const overlapping = mentionOf(text, 'ck the', 'F4');
    expect(add(text, [overlapping], [frame])).toEqual([overlapping]);
  });

  it('lets only a factor of absence (F19) carry what follows its negation', () => {
    const said = 'It promised not to compete and the defendant locked the files.';
    const promise = mentionOf(said, 'promised not to compete', 'F13', 'not');
    const locked = mentionOf(said, 'locked the files', 'F6');
    expect(add(said, [promise], [locked])).toEqual([promise, locked]);
  });

  it('keeps a frame after a negating phrase when a new clause stands between', () => {
    const said = 'It did nothing to protect it, and the defendant locked the files.';
    const negating = mentionOf(said, 'did nothing to', 'F19', 'nothing');
    const locked = mentionOf(said, 'locked the files', 'F6');
    expect(add(said, [negating], [locked])).toEqual([negating, locked]);
  });

  it('drops a frame mention that holds a case word after a comma', () => {
    const said = 'the product, the input case presents a duplicate';
    expect(add(said, [], [mentionOf(said, said.slice(4), 'F18')], ['the input case'])).toEqual([]);
    const oneClause = 'the contract here was silent';
    const silent = mentionOf(oneClause, oneClause.slice(4), 'F5');
    expect(add(oneClause, [], [silent], ['here'])).toEqual([silent]);
  });

  it('lets a frame that names a negation carry the other factors of its clause', () => {
    const said = 'It did not lock anything or use passwords; TSC1 used passwords.';
    const negative = mentionOf(said, 'not lock anything', 'F19', 'not');
    const passwords = mentionOf(said, 'passwords', 'F6');
    const later = {
      ...passwords,
      start: said.lastIndexOf('passwords'),
      end: said.lastIndexOf('passwords') + 9,
    };
    expect(add(said, [passwords, later], [negative])).toEqual([negative, later]);
  });
});

describe('frames in the whole reading', () => {
  it('asserts a frame mention for its case and lets a phrase win where both match', () => {
    const reading = extractFactors('In TSC1 a covenant restrained him from joining a rival.', lexicon);
    expect(reading.tsc1).toEqual(['F13']);
    expect(
      extractFactors('TSC2 kept the files under lock and key.', lexicon).mentions.map((m) => m.text),
    ).toEqual(['lock and key']);
  });

  it('reads a frame under a clause negation as negated', () => {
    const reading = extractFactors('The input case involves no covenant barring work for a rival.', lexicon);
    expect(reading.current).toEqual([]);
    expect(reading.mentions.map((m) => m.polarity)).toEqual(['negated']);
  });
});
