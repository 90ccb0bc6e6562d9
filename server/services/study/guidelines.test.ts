import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUIDELINE_VERSION } from '../../../shared/guidelines.ts';
import { GUIDELINES_FILE, loadGuidelines } from './guidelines.ts';

function guidelinesFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'fa-guidelines-')), 'ANNOTATION-GUIDELINES.md');
  writeFileSync(file, text);
  return file;
}

describe('loadGuidelines', () => {
  it('states GUIDELINE_VERSION on a line under the title of the shipped file', () => {
    const lines = readFileSync(GUIDELINES_FILE, 'utf8').split('\n');
    expect(lines[0]).toMatch(/^# Annotation guidelines/);
    expect(lines.slice(1, 4)).toContain(`Version ${GUIDELINE_VERSION}`);
    expect(loadGuidelines().version).toBe(GUIDELINE_VERSION);
  });

  it('refuses a file whose version is not GUIDELINE_VERSION, saying what to change', () => {
    const file = guidelinesFile('# Annotation guidelines\n\nVersion 1999-01.1\n\nRules.\n');
    expect(() => loadGuidelines(file)).toThrow(/says "Version 1999-01\.1" but GUIDELINE_VERSION/);
  });

  it('refuses a file without a version line', () => {
    expect(() => loadGuidelines(guidelinesFile('# Annotation guidelines\n\nRules.\n'))).toThrow(
      /no "Version .+" line/,
    );
  });
});
