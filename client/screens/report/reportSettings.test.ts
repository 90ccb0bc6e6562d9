import { describe, expect, it } from 'vitest';
import { settingsFromSearch, settingsToSearch } from './reportSettings.ts';

describe('the report settings in the URL', () => {
  it('default to the server’s options', () => {
    expect(settingsFromSearch(new URLSearchParams())).toEqual({
      seed: 2025,
      replicates: 2000,
      level: 0.95,
      extractor: undefined,
    });
  });

  it('read what was asked, and round-trip', () => {
    const settings = settingsFromSearch(
      new URLSearchParams('seed=7&replicates=200&level=0.9&extractor=rules'),
    );
    expect(settings).toEqual({ seed: 7, replicates: 200, level: 0.9, extractor: 'rules' });
    expect(settingsFromSearch(settingsToSearch(settings))).toEqual(settings);
    expect(settingsToSearch(settings).toString()).toBe('seed=7&replicates=200&level=0.9&extractor=rules');
  });

  it('fall back field by field when a value is out of range or not a number', () => {
    expect(settingsFromSearch(new URLSearchParams('seed=1.5&replicates=20000&level=1&extractor='))).toEqual({
      seed: 2025,
      replicates: 2000,
      level: 0.95,
      extractor: undefined,
    });
    expect(settingsFromSearch(new URLSearchParams('replicates=0')).replicates).toBe(0);
  });
});
