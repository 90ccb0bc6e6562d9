import { describe, expect, it } from 'vitest';
import { buildDatasetRecords } from './build-records.ts';
import { datasetCard } from './dataset-card.ts';
import { datasetStatistics } from './dataset-statistics.ts';
import { smallSource } from './test-fixtures.ts';

function card(options: Partial<Parameters<typeof datasetCard>[0]['options']> = {}): string {
  const records = buildDatasetRecords(smallSource(), { names: false });
  return datasetCard({
    records,
    statistics: datasetStatistics(records, { seed: 1, replicates: 20, level: 0.95 }),
    sample: {
      versions: [
        {
          version: 1,
          seed: 7,
          size: 2,
          allocation: 'equal',
          strata_by: ['model', 'test'],
          excluded_previous: false,
          strata: [{ stratum: 'model=m1|test=1', population_size: 8, requested: 2, drawn: 2 }],
        },
      ],
    },
    options: { study: 'small', license: 'cc-by-4.0', prettyName: 'Small "test"', names: false, ...options },
  });
}

describe('datasetCard', () => {
  it('opens with the front matter the Hub reads', () => {
    const [front] = card().split('\n---\n');
    expect(front).toContain('license: "cc-by-4.0"');
    expect(front).toContain('language:\n- en');
    expect(front).toContain('task_categories:\n- text-classification\n- token-classification');
    expect(front).toContain('size_categories:\n- n<1K');
    expect(front).toContain('pretty_name: "Small \\"test\\""');
    expect(front).toContain('path: gold.jsonl');
  });

  it('says how it was made: design, guidelines, adjudication', () => {
    const text = card();
    expect(text).toContain(
      'Version 1: a stratified random sample of 2 argument(s), strata by model × test, equal allocation, seed 7.',
    );
    expect(text).toContain('version 2025-06.1');
    expect(text).toContain('1 fixed by an adjudicator (1 decisions recorded)');
  });

  it('reports agreement with its interval method and the extractors', () => {
    const text = card();
    expect(text).toMatch(/\| Raw agreement \| 0\.987 \|/);
    expect(text).toContain('20 replicates, seed 1');
    expect(text).toMatch(/\| x \| 1 \| 0 \| 0 \| 0\.500 \|/);
  });

  it('marks what only the study lead knows as TODO, until given', () => {
    expect(card()).toContain("Annotators' qualifications: **TODO (study lead):**");
    expect(card()).toMatch(/## Citation\n\n\*\*TODO \(study lead\):\*\*/);
    const given = card({ annotatorQualifications: 'Two US-trained lawyers.', citation: '@misc{demo}' });
    expect(given).toContain("Annotators' qualifications: Two US-trained lawyers.");
    expect(given).toContain('```\n@misc{demo}\n```');
  });

  it('lists the limitations the records show', () => {
    expect(card()).toContain('1 argument(s) were annotated once');
    expect(card()).toContain('1 argument(s) have no final gold');
    expect(card()).toContain('1 extraction(s) failed');
  });

  it('is the same text every time', () => {
    expect(card()).toBe(card());
  });
});
