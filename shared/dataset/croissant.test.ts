import { describe, expect, it } from 'vitest';
import { buildDatasetRecords } from './build-records.ts';
import { croissant } from './croissant.ts';
import { decisionColumns } from './decision-rows.ts';
import { smallSource } from './test-fixtures.ts';

const input = () => ({
  name: 'demo',
  description: 'A test.',
  license: 'cc-by-4.0',
  files: [
    {
      name: 'gold.jsonl',
      encodingFormat: 'application/jsonlines',
      sha256: 'a'.repeat(64),
      description: 'records',
    },
    { name: 'decisions.csv', encodingFormat: 'text/csv', sha256: 'b'.repeat(64), description: 'rows' },
  ],
  decisionColumns: decisionColumns(buildDatasetRecords(smallSource(), { names: false })),
});

describe('croissant', () => {
  it('is a Croissant 1.0 dataset with the license as a URL', () => {
    const metadata = croissant(input());
    expect(metadata).toMatchObject({
      '@type': 'sc:Dataset',
      conformsTo: 'http://mlcommons.org/croissant/1.0',
      license: 'https://creativecommons.org/licenses/by/4.0/',
    });
    expect(metadata['@context']).toMatchObject({
      cr: 'http://mlcommons.org/croissant/',
      sc: 'https://schema.org/',
    });
    expect('citeAs' in metadata).toBe(false);
  });

  it('lists each file with its content URL, format and checksum', () => {
    expect(croissant(input()).distribution).toContainEqual({
      '@type': 'cr:FileObject',
      '@id': 'decisions.csv',
      name: 'decisions.csv',
      description: 'rows',
      contentUrl: 'decisions.csv',
      encodingFormat: 'text/csv',
      sha256: 'b'.repeat(64),
    });
  });

  it("describes decisions.csv's columns as the fields of one record set, each read from its column", () => {
    const [recordSet] = croissant(input()).recordSet as {
      field: { name: string; source: unknown; dataType: string }[];
    }[];
    expect(recordSet?.field.map((field) => field.name)).toEqual(input().decisionColumns.map((c) => c.name));
    expect(recordSet?.field[0]).toMatchObject({
      dataType: 'sc:Text',
      source: { fileObject: { '@id': 'decisions.csv' }, extract: { column: 'argument_id' } },
    });
  });

  it('keeps an unknown license as given and adds the citation', () => {
    const metadata = croissant({ ...input(), license: 'other', citation: ' @misc{x} ' });
    expect(metadata.license).toBe('other');
    expect(metadata.citeAs).toBe('@misc{x}');
  });
});
