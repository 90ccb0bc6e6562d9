import { describe, expect, it } from 'vitest';
import { extractFactors } from './extract.ts';
import { findHypotheticalWords, hypotheticalRanges } from './hypotheticals.ts';
import { SHIPPED_LEXICON as lexicon } from './test-lexicon.ts';

function ranges(text: string, caseStarts: number[] = []) {
  return hypotheticalRanges(
    text,
    0,
    text.length,
    caseStarts,
    findHypotheticalWords(text, lexicon),
    lexicon,
  ).map((span) => text.slice(span.start, span.end));
}

describe('hypotheticalRanges', () => {
  it('reads "as a general proposition" and "in principle" as general law', () => {
    expect(ranges('As a general proposition, a public talk defeats secrecy')).toEqual([
      'As a general proposition, a public talk defeats secrecy',
    ]);
    expect(ranges('In principle an agreement protects the owner')).toEqual([
      'In principle an agreement protects the owner',
    ]);
  });

  it('reads a prediction of what a court would likely do as general law', () => {
    expect(ranges('A court would treat the lock as enough')).toEqual([
      'A court would treat the lock as enough',
    ]);
    expect(ranges('The judge would likely call this a copy')).toEqual(['would likely call this a copy']);
  });

  it('runs a condition to the next comma', () => {
    expect(ranges('Even if F19 were present, F6 applies')).toEqual(['Even if F19 were present']);
    expect(ranges('If F19 applies, as it did in TSC2')).toEqual(['If F19 applies']);
  });

  it('recognises an inverted condition opening a clause', () => {
    expect(ranges('Had the plaintiff adopted security measures, the comparison holds')).toEqual([
      'Had the plaintiff adopted security measures',
    ]);
    expect(ranges('The defendant had the plans')).toEqual([]);
  });

  it('runs general law to the next case word', () => {
    const text = 'courts protect NDAs and TSC1 confirms it';
    expect(ranges(text, [text.indexOf('TSC1')])).toEqual(['courts protect NDAs and ']);
  });

  it('reads only the given segment', () => {
    const text = 'F4 applies here. Even if F19 were present, fine.';
    expect(hypotheticalRanges(text, 0, 16, [], findHypotheticalWords(text, lexicon), lexicon)).toEqual([]);
  });
});

describe('counterfactuals', () => {
  it('makes the whole segment of "should have" / "would have" / "might have" hypothetical', () => {
    const text = 'A nondisclosure agreement would have protected the plaintiff';
    const words = findHypotheticalWords(text, lexicon);
    expect(words.map((word) => word.rule)).toEqual(['hypothetical.counterfactual']);
    expect(hypotheticalRanges(text, 0, text.length, [], words, lexicon)).toEqual([
      { start: 0, end: text.length, rule: 'hypothetical.counterfactual' },
    ]);
  });

  it('leaves "could have" alone: it is the possibility F16 asserts', () => {
    expect(findHypotheticalWords('Anyone could have figured out the design', lexicon)).toEqual([]);
  });
});

describe('hypothetical.law-section (3.5.0)', () => {
  const answer = [
    "Plaintiff's Argument:",
    '**Issue.** Whether the plaintiff can rely on TSC1.',
    '',
    '**Rule.** A claimant must show reasonable efforts to keep its information secret. Information anyone',
    'can get from public sources is generally not protectable; a nondisclosure agreement weighs for the owner.',
    '**Application.** Here the defendant signed a nondisclosure agreement.',
  ].join('\n');

  it('makes a section under a law heading one hypothetical stretch, up to the next heading', () => {
    const words = findHypotheticalWords(answer, lexicon).filter(
      (word) => word.rule === 'hypothetical.law-section',
    );
    const sectionEnd = answer.indexOf('\n**Application.**');
    expect(words).toHaveLength(1);
    expect(words[0]?.end).toBe(sectionEnd);
    expect(answer.slice(words[0]?.start ?? 0, sectionEnd)).toMatch(
      /^\*\*Rule\.\*\* A claimant[\s\S]*for the owner\.$/,
    );
  });

  it('asserts nothing of a case inside the section, and reads the application after it', () => {
    const read = extractFactors(answer, lexicon);
    expect(read.current).toContain('F4');
    const inRule = read.mentions.filter((mention) => mention.start < answer.indexOf('**Application.**'));
    expect(inRule.length).toBeGreaterThan(0);
    expect(inRule.every((mention) => mention.polarity === 'hypothetical')).toBe(true);
    expect(inRule.some((mention) => mention.rules.includes('hypothetical.law-section'))).toBe(true);
  });

  it('opens a section only at a heading at the start of a line, and ends it at a blank line', () => {
    expect(ranges('Here, by the rule: the defendant signed an NDA.')).toEqual([]);
    expect(ranges('Rule: secrecy needs reasonable steps.\n\nHere the defendant signed an NDA.')).toEqual([
      'Rule: secrecy needs reasonable steps.',
    ]);
    expect(ranges('Legal standard:\nThe owner must take reasonable steps.\nAnalysis: here it did.')).toEqual([
      'Legal standard:\nThe owner must take reasonable steps.',
    ]);
  });
});
