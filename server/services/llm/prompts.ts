import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FACTORS, type FactorId, factorLabel } from '../../../shared/factors.ts';
import { formatScenarioBlock } from '../../../shared/parse/scenario-block.ts';
import type { Triple } from '../../../shared/schemas/triple.ts';
import { ABSTENTION_PHRASE, type Outcome } from '../../../shared/vocabulary.ts';
import { errors } from '../../errors.ts';
import { sha256Hex } from './hash.ts';

export type PromptKind = 'argument' | 'extraction';

/** The placeholders each kind of prompt may use (docs/LLM.md describes each). */
export const PROMPT_PLACEHOLDERS: Readonly<Record<PromptKind, readonly string[]>> = {
  argument: [
    'scenario',
    'current',
    'tsc1',
    'tsc2',
    'tsc1_outcome',
    'tsc2_outcome',
    'abstention_phrase',
    'factor_catalogue',
  ],
  extraction: ['argument', 'abstention_phrase', 'factor_catalogue'],
};

/** A prompt must show the model its input through at least one of these. */
const INPUT_PLACEHOLDERS: Readonly<Record<PromptKind, readonly string[]>> = {
  argument: ['scenario', 'current'],
  extraction: ['argument'],
};

export const DEFAULT_PROMPT_FILES: Readonly<Record<PromptKind, string>> = {
  argument: fileURLToPath(new URL('../../../data/prompts/argument.md', import.meta.url)),
  extraction: fileURLToPath(new URL('../../../data/prompts/extraction.md', import.meta.url)),
};

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface PromptTemplate {
  kind: PromptKind;
  /** Where it came from: "default" or the file given. */
  source: string;
  /** SHA-256 of the sections (roles and unrendered text): what the cache and the provenance record. */
  hash: string;
  sections: Array<{ role: ChatMessage['role']; text: string }>;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const MARKER = /^[ \t]*<!--\s*(system|user)\s*-->[ \t]*$/gim;

/**
 * Reads a prompt template. `{{name}}` (spaces inside the braces allowed) is a placeholder; a name
 * outside `PROMPT_PLACEHOLDERS[kind]` is an error, so a typo cannot send a literal "{{tsc_1}}" to
 * hundreds of calls. A line `<!-- system -->` or `<!-- user -->` starts a message of that role;
 * text before the first such line is a note for readers and is not sent. With no marker the
 * whole text is one user message. The prompt must use an input placeholder (`{{argument}}` for
 * extraction; `{{scenario}}` or `{{current}}` for arguments). Placeholders in the unsent note are
 * neither checked nor filled in. The hash covers what is sent (the sections, unrendered), so editing
 * the note does not invalidate the cache.
 */
export function parsePromptTemplate(kind: PromptKind, text: string, source: string): PromptTemplate {
  const markers = [...text.matchAll(MARKER)];
  const sections: PromptTemplate['sections'] = [];
  if (markers.length === 0) sections.push({ role: 'user', text: text.trim() });
  markers.forEach((marker, index) => {
    const start = (marker.index ?? 0) + marker[0].length;
    const end = markers[index + 1]?.index ?? text.length;
    const role = marker[1]?.toLowerCase() === 'system' ? 'system' : 'user';
    sections.push({ role, text: text.slice(start, end).trim() });
  });
  const sent = sections.filter((section) => section.text !== '');
  if (sent.length === 0) throw errors.validation(`${source}: the prompt is empty`);

  const allowed = PROMPT_PLACEHOLDERS[kind];
  const used = new Set(
    sent.flatMap((section) => [...section.text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '')),
  );
  const unknown = [...used].filter((name) => !allowed.includes(name));
  if (unknown.length > 0)
    throw errors.validation(
      `${source}: unknown placeholder(s) ${unknown.map((name) => `{{${name}}}`).join(', ')}; a ${kind} prompt may use ${allowed.map((name) => `{{${name}}}`).join(', ')}`,
    );
  if (!INPUT_PLACEHOLDERS[kind].some((name) => used.has(name)))
    throw errors.validation(
      `${source}: the prompt never shows the model its input; use ${INPUT_PLACEHOLDERS[kind].map((name) => `{{${name}}}`).join(' or ')}`,
    );
  return { kind, source, hash: sha256Hex(JSON.stringify(sent)), sections: sent };
}

/** Loads `file` (relative to `cwd`), or the shipped default prompt of that kind. */
export function loadPromptTemplate(kind: PromptKind, file: string | undefined, cwd: string): PromptTemplate {
  const path = file === undefined ? DEFAULT_PROMPT_FILES[kind] : resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw errors.validation(
      `cannot read the prompt file ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return parsePromptTemplate(kind, text, file === undefined ? 'default' : file);
}

/**
 * The chat messages of a template with its placeholders filled in, in one pass (a value that itself
 * contains "{{…}}" is sent as written, not expanded again).
 */
export function renderPrompt(
  template: PromptTemplate,
  values: Readonly<Record<string, string>>,
): ChatMessage[] {
  return template.sections.map((section) => ({
    role: section.role,
    content: section.text.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole),
  }));
}

function labels(ids: readonly FactorId[]): string {
  return ids.length === 0 ? '(no factors)' : ids.map(factorLabel).join('\n');
}

function outcomeWord(outcome: Outcome): string {
  return outcome === 'plaintiff' ? 'Plaintiff' : 'Defendant';
}

const SHARED_VALUES = {
  abstention_phrase: ABSTENTION_PHRASE,
  factor_catalogue: FACTORS.map((factor) => factorLabel(factor.id)).join('\n'),
};

/** The values of an argument prompt for one triple. */
export function argumentPromptValues(triple: Triple): Record<string, string> {
  return {
    ...SHARED_VALUES,
    scenario: formatScenarioBlock(triple),
    current: labels(triple.current.factors),
    tsc1: labels(triple.tsc1.factors),
    tsc2: labels(triple.tsc2.factors),
    tsc1_outcome: outcomeWord(triple.tsc1.outcome),
    tsc2_outcome: outcomeWord(triple.tsc2.outcome),
  };
}

/** The values of an extraction prompt for the text handed to the extractor. */
export function extractionPromptValues(input: string): Record<string, string> {
  return { ...SHARED_VALUES, argument: input };
}
