import { describe, expect, it } from 'vitest';
import { argumentSchema } from '../schemas/argument.ts';
import { tripleSchema } from '../schemas/triple.ts';
import { ABSTENTION_PHRASE } from '../vocabulary.ts';
import { buildDemoStudy, DEMO_SOURCE } from './build-demo.ts';
import { DEMO_MODELS } from './models.ts';

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
});
