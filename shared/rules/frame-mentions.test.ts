import { describe, expect, it } from 'vitest';
import { extractFactors } from './extract.ts';
import { addFrameMentions, compileFrames, findFrameMentions } from './frame-mentions.ts';
import { testLexicon } from './test-lexicon.ts';

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
  return findFrameMentions(text, compileFrames(lexicon), [[0, text.length]]).map((m) => [m.factor, m.text]);
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
      findFrameMentions(text, compileFrames(ordered), [[0, text.length]]).map((m) => m.text);
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
    expect(findFrameMentions('it never locked the files', compileFrames(negative), [[0, 25]])).toMatchObject([
      { factor: 'F19', text: 'never locked the files', negationAt: 3 },
    ]);
    expect(extractFactors('In TSC2 the owner had not guarded anything.', negative).tsc2).toEqual(['F19']);
  });
});

describe('addFrameMentions', () => {
  const text = 'It did nothing to lock the files.';
  const range = [[0, text.length]] as const;
  const phrase = {
    start: 3,
    end: 17,
    factor: 'F19' as const,
    style: 'paraphrase' as const,
    text: 'did nothing to',
    negationAt: 7,
  };
  const frame = {
    start: 18,
    end: 32,
    factor: 'F6' as const,
    style: 'paraphrase' as const,
    text: 'lock the files',
  };

  it('drops a frame mention a phrase overlaps, and one after a phrase with its own negation', () => {
    expect(addFrameMentions(text, [phrase], [frame], range, [])).toEqual([phrase]);
    expect(addFrameMentions(text, [], [frame], range, [])).toEqual([frame]);
    const overlapping = { ...frame, start: 20, factor: 'F4' as const };
    expect(addFrameMentions(text, [overlapping], [frame], range, [])).toEqual([overlapping]);
  });

  it('lets only a factor of absence (F19) carry what follows its negation', () => {
    const said = 'It promised not to compete and the defendant locked the files.';
    const promise = {
      start: 3,
      end: 26,
      factor: 'F13' as const,
      style: 'paraphrase' as const,
      text: 'promised not to compete',
      negationAt: 12,
    };
    const locked = {
      start: 45,
      end: 61,
      factor: 'F6' as const,
      style: 'paraphrase' as const,
      text: 'locked the files',
    };
    expect(addFrameMentions(said, [promise], [locked], [[0, said.length]], [])).toEqual([promise, locked]);
  });

  it('keeps a frame after a negating phrase when a new clause stands between', () => {
    const said = 'It did nothing to protect it, and the defendant locked the files.';
    const negating = { ...phrase, start: 3, end: 17, negationAt: 7 };
    const locked = {
      start: 47,
      end: 63,
      factor: 'F6' as const,
      style: 'paraphrase' as const,
      text: 'locked the files',
    };
    expect(addFrameMentions(said, [negating], [locked], [[0, said.length]], [])).toEqual([negating, locked]);
  });

  it('drops a frame mention that holds a case word after a comma', () => {
    const said = 'the product, the input case presents a duplicate';
    const duplicate = {
      start: 4,
      end: 48,
      factor: 'F18' as const,
      style: 'paraphrase' as const,
      text: said.slice(4),
    };
    expect(addFrameMentions(said, [], [duplicate], [[0, said.length]], [{ start: 13, end: 27 }])).toEqual([]);
    const oneClause = 'the contract here was silent';
    const silent = {
      start: 4,
      end: 28,
      factor: 'F5' as const,
      style: 'paraphrase' as const,
      text: oneClause.slice(4),
    };
    expect(
      addFrameMentions(oneClause, [], [silent], [[0, oneClause.length]], [{ start: 13, end: 17 }]),
    ).toEqual([silent]);
  });

  it('lets a frame that names a negation carry the other factors of its clause', () => {
    const said = 'It did not lock anything or use passwords; TSC1 used passwords.';
    const negative = {
      start: 7,
      end: 24,
      factor: 'F19' as const,
      style: 'paraphrase' as const,
      text: 'not lock anything',
      negationAt: 7,
    };
    const passwords = {
      start: 32,
      end: 41,
      factor: 'F6' as const,
      style: 'paraphrase' as const,
      text: 'passwords',
    };
    const later = {
      start: 53,
      end: 62,
      factor: 'F6' as const,
      style: 'paraphrase' as const,
      text: 'passwords',
    };
    expect(addFrameMentions(said, [passwords, later], [negative], [[0, said.length]], [])).toEqual([
      negative,
      later,
    ]);
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
