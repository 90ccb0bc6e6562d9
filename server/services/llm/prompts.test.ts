import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Triple } from '../../../shared/schemas/triple.ts';
import { ABSTENTION_PHRASE } from '../../../shared/vocabulary.ts';
import {
  argumentPromptValues,
  DEFAULT_PROMPT_FILES,
  extractionPromptValues,
  loadPromptTemplate,
  parsePromptTemplate,
  renderPrompt,
} from './prompts.ts';

const triple: Triple = {
  id: 't1',
  mode: 'arguable',
  current: { factors: ['F4', 'F6'] },
  tsc1: { factors: ['F4'], outcome: 'plaintiff' },
  tsc2: { factors: [], outcome: 'defendant' },
};

describe('parsePromptTemplate', () => {
  it('splits system and user messages at the markers and drops the note before them', () => {
    const template = parsePromptTemplate(
      'extraction',
      'note {{whatever}}\n<!-- system -->\nList factors.\n<!--user-->\n{{argument}}\n',
      'x.md',
    );
    expect(template.sections).toEqual([
      { role: 'system', text: 'List factors.' },
      { role: 'user', text: '{{argument}}' },
    ]);
  });
  it('sends a file without markers as one user message', () => {
    expect(parsePromptTemplate('extraction', 'Read: {{ argument }}', 'x').sections).toEqual([
      { role: 'user', text: 'Read: {{ argument }}' },
    ]);
  });
  it('refuses an unknown placeholder, naming it and the allowed ones', () => {
    expect(() => parsePromptTemplate('argument', '{{current}} {{tsc3}}', 'p.md')).toThrow(
      /p\.md: unknown placeholder\(s\) \{\{tsc3\}\}; a argument prompt may use \{\{scenario\}\}/,
    );
  });
  it('refuses a prompt that never shows the input', () => {
    expect(() => parsePromptTemplate('extraction', 'List the factors.', 'p.md')).toThrow(
      /use \{\{argument\}\}/,
    );
  });
  it('hashes what is sent, so editing the note keeps the hash', () => {
    const a = parsePromptTemplate('extraction', 'one\n<!-- user -->\n{{argument}}', 'a');
    const b = parsePromptTemplate('extraction', 'two\n<!-- user -->\n{{argument}}', 'b');
    const c = parsePromptTemplate('extraction', 'two\n<!-- user -->\nText: {{argument}}', 'c');
    expect(a.hash).toBe(b.hash);
    expect(a.hash).not.toBe(c.hash);
  });
});

describe('renderPrompt', () => {
  it('fills the triple placeholders with factor labels and outcomes', () => {
    const template = parsePromptTemplate(
      'argument',
      '{{current}}|{{tsc1}}|{{tsc2}}|{{tsc1_outcome}}|{{tsc2_outcome}}|{{abstention_phrase}}',
      'x',
    );
    expect(renderPrompt(template, argumentPromptValues(triple))[0]?.content).toBe(
      `F4 Agreed-not-to-disclose (P)\nF6 Security-measures (P)|F4 Agreed-not-to-disclose (P)|(no factors)|Plaintiff|Defendant|${ABSTENTION_PHRASE}`,
    );
  });
  it('does not expand placeholders inside the values', () => {
    const template = parsePromptTemplate('extraction', '{{argument}}', 'x');
    expect(renderPrompt(template, extractionPromptValues('say {{abstention_phrase}}'))[0]?.content).toBe(
      'say {{abstention_phrase}}',
    );
  });
});

describe('the shipped prompts', () => {
  it('load, and each has a system and a user message', () => {
    for (const kind of ['argument', 'extraction'] as const) {
      const template = loadPromptTemplate(kind, undefined, '/');
      expect(template.source).toBe('default');
      expect(template.sections.map((section) => section.role)).toEqual(['system', 'user']);
      expect(readFileSync(DEFAULT_PROMPT_FILES[kind], 'utf8')).toContain('<!-- system -->');
    }
  });
  it('the argument prompt asks for the exact abstention phrase and the three plies', () => {
    const [system] = renderPrompt(
      loadPromptTemplate('argument', undefined, '/'),
      argumentPromptValues(triple),
    );
    expect(system?.content).toContain(ABSTENTION_PHRASE);
    for (const ply of ["Plaintiff's Argument", "Defendant's Counterargument", "Plaintiff's Rebuttal"])
      expect(system?.content).toContain(ply);
  });
  it('the extraction prompt asks for the study keys, in JSON', () => {
    const [system] = renderPrompt(
      loadPromptTemplate('extraction', undefined, '/'),
      extractionPromptValues('x'),
    );
    expect(system?.content).toContain('"Input Case"');
    expect(system?.content).toContain('JSON');
  });
  it('a missing --prompt file is a clear error', () => {
    expect(() => loadPromptTemplate('argument', 'nope.md', '/tmp')).toThrow(
      /cannot read the prompt file \/tmp\/nope\.md/,
    );
  });
});
