import { describe, expect, it } from 'vitest';
import { foldFactorText } from '../factor-reference.ts';
import { factorById } from '../factors.ts';
import { argumentSchema } from '../schemas/argument.ts';
import { tripleSchema } from '../schemas/triple.ts';
import { checkSpans } from '../span-rules.ts';
import { ABSTENTION_PHRASE } from '../vocabulary.ts';
import { buildDemoStudy, DEMO_SOURCE } from './build-demo.ts';
import { DEMO_MODELS } from './models.ts';
import { answerKeyJudgement } from './simulate-annotations.ts';

describe('buildDemoStudy', () => {
  const demo = buildDemoStudy();

  it('holds 30 triples per mode and one argument per triple for each of the eight models', () => {
    expect(demo.triples).toHaveLength(90);
    expect(DEMO_MODELS).toHaveLength(8);
    expect(demo.arguments).toHaveLength(720);
    for (const triple of demo.triples) expect(tripleSchema.safeParse(triple).success).toBe(true);
    for (const argument of demo.arguments) expect(argumentSchema.parse(argument).source).toBe(DEMO_SOURCE);
  });

  it('is the same on every run (seeded)', () => {
    const again = buildDemoStudy();
    expect(again.arguments.map((argument) => argument.text)).toEqual(
      demo.arguments.map((argument) => argument.text),
    );
    expect(buildDemoStudy({ seed: 1 }).arguments[0]?.text).not.toBe(demo.arguments[0]?.text);
  });

  it('shows the habits it simulates: reasoning traces, truncation, invented factors, both kinds of abstention', () => {
    const texts = demo.arguments.map((argument) => argument.text);
    expect(texts.some((text) => text.startsWith('<think>'))).toBe(true);
    expect(demo.arguments.some((argument) => argument.finish_reason === 'length')).toBe(true);
    expect([...demo.answerKey.values()].some((key) => key.unlisted.length > 0)).toBe(true);
    const abstentions = [...demo.answerKey.values()].map((key) => key.abstention);
    expect(abstentions).toContain('exact');
    expect(abstentions).toContain('near_miss');
    expect(texts.filter((text) => text === ABSTENTION_PHRASE).length).toBeGreaterThan(50);
  });

  it('keeps an answer key that matches the text: every factor the codes-only model asserts is written in it', () => {
    const codesOnly = demo.arguments.filter((argument) => argument.model === 'demo-codes');
    expect(codesOnly).toHaveLength(90);
    for (const argument of codesOnly) {
      const key = demo.answerKey.get(argument.id);
      if (!key) throw new Error(`no answer key for ${argument.id}`);
      for (const factor of [...key.current, ...key.tsc1, ...key.tsc2])
        expect(argument.text).toMatch(new RegExp(`\\b${factor}\\b`));
      if (argument.test !== 3) expect(key.abstention).toBe('none');
    }
  });

  it('knows where it wrote each mention: spans inside the text, on the words, valid as a judgement', () => {
    const styles = new Map<string, number>();
    for (const argument of demo.arguments) {
      const key = demo.answerKey.get(argument.id);
      if (!key) throw new Error(`no answer key for ${argument.id}`);
      expect(checkSpans(answerKeyJudgement(key, false), argument.text.length), argument.id).toEqual([]);
      for (const span of key.spans) {
        const words = argument.text.slice(span.start, span.end);
        styles.set(`${span.style} ${span.polarity}`, (styles.get(`${span.style} ${span.polarity}`) ?? 0) + 1);
        if (span.factor === 'unlisted') expect(words).toBe(span.text);
        else if (span.style === 'code') expect(words.startsWith(span.factor)).toBe(true);
        else if (span.style === 'name')
          expect(foldFactorText(words)).toBe(foldFactorText(factorById(span.factor).name));
      }
      const ticked = key.current.length + key.tsc1.length + key.tsc2.length;
      if (ticked > 0) expect(key.spans.length, argument.id).toBeGreaterThan(0);
    }
    for (const kind of ['code asserted', 'name asserted', 'paraphrase asserted', 'code negated'])
      expect(styles.get(kind) ?? 0, kind).toBeGreaterThan(0);
  });
});
