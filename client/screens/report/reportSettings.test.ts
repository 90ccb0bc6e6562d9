import { describe, expect, it } from 'vitest';
import { settingsFromSearch, settingsSummary, settingsToSearch } from './reportSettings.ts';

describe('the report settings in the URL', () => {
  it('default to the server’s options', () => {
    expect(settingsFromSearch(new URLSearchParams())).toEqual({
      seed: 2025,
      replicates: 2000,
      level: 0.95,
      extractor: undefined,
      altEpsilon: 0.2,
      lambda: 1,
    });
  });

  it('read what was asked, and round-trip', () => {
    const settings = settingsFromSearch(
      new URLSearchParams('seed=7&replicates=200&level=0.9&extractor=rules'),
    );
    expect(settings).toEqual({
      seed: 7,
      replicates: 200,
      level: 0.9,
      extractor: 'rules',
      altEpsilon: 0.2,
      lambda: 1,
    });
    expect(settingsFromSearch(settingsToSearch(settings))).toEqual(settings);
    expect(settingsToSearch(settings).toString()).toBe('seed=7&replicates=200&level=0.9&extractor=rules');
  });

  it('fall back field by field when a value is out of range or not a number', () => {
    expect(
      settingsFromSearch(
        new URLSearchParams('seed=1.5&replicates=20000&level=1&extractor=&altEpsilon=1&lambda=2'),
      ),
    ).toEqual({
      seed: 2025,
      replicates: 2000,
      level: 0.95,
      extractor: undefined,
      altEpsilon: 0.2,
      lambda: 1,
    });
    expect(settingsFromSearch(new URLSearchParams('replicates=0')).replicates).toBe(0);
  });

  it('carry the alternative annotator test’s ε only when it is not the default', () => {
    const settings = settingsFromSearch(
      new URLSearchParams('seed=7&replicates=200&level=0.9&altEpsilon=0.1'),
    );
    expect(settings.altEpsilon).toBe(0.1);
    expect(settingsToSearch(settings).toString()).toBe('seed=7&replicates=200&level=0.9&altEpsilon=0.1');
    expect(settingsFromSearch(settingsToSearch(settings))).toEqual(settings);
  });

  it('carry a tuned λ, and λ = 1 (the default) not at all', () => {
    const tuned = settingsFromSearch(new URLSearchParams('seed=7&replicates=200&level=0.9&lambda=tuned'));
    expect(tuned.lambda).toBe('tuned');
    expect(settingsToSearch(tuned).toString()).toBe('seed=7&replicates=200&level=0.9&lambda=tuned');
    expect(settingsFromSearch(settingsToSearch(tuned))).toEqual(tuned);
    expect(settingsToSearch({ ...tuned, lambda: 1 }).toString()).toBe('seed=7&replicates=200&level=0.9');
  });

  it('read as one line in the collapsed settings panel', () => {
    expect(settingsSummary(settingsFromSearch(new URLSearchParams('seed=7&replicates=1&level=0.9')))).toBe(
      'seed 7 · 1 bootstrap replicate · 90% intervals · claims judged with the default extractor · λ = 1 · ε 0.2',
    );
    expect(
      settingsSummary(
        settingsFromSearch(new URLSearchParams('replicates=0&extractor=rules&altEpsilon=0.1&lambda=tuned')),
      ),
    ).toBe('seed 2025 · no bootstrap · 95% intervals · claims judged with rules · tuned λ (PPI++) · ε 0.1');
  });
});
