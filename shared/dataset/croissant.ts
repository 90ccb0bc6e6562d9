import type { DecisionColumn } from './decision-rows.ts';

/** A file of the dataset as Croissant's distribution lists it. */
export interface CroissantFile {
  name: string;
  encodingFormat: string;
  sha256: string;
  description: string;
}

export interface CroissantInput {
  name: string;
  description: string;
  /** SPDX-style id (`cc-by-4.0`); known Creative Commons and open-data ids become their URLs. */
  license: string;
  citation?: string | undefined;
  files: readonly CroissantFile[];
  /** The columns of decisions.csv (`decisionColumns`). */
  decisionColumns: readonly DecisionColumn[];
}

/** The JSON-LD context of Croissant 1.0, as the specification gives it. */
const CONTEXT = {
  '@language': 'en',
  '@vocab': 'https://schema.org/',
  citeAs: 'cr:citeAs',
  column: 'cr:column',
  conformsTo: 'dct:conformsTo',
  cr: 'http://mlcommons.org/croissant/',
  rai: 'http://mlcommons.org/croissant/RAI/',
  data: { '@id': 'cr:data', '@type': '@json' },
  dataType: { '@id': 'cr:dataType', '@type': '@vocab' },
  dct: 'http://purl.org/dc/terms/',
  examples: { '@id': 'cr:examples', '@type': '@json' },
  extract: 'cr:extract',
  field: 'cr:field',
  fileProperty: 'cr:fileProperty',
  fileObject: 'cr:fileObject',
  fileSet: 'cr:fileSet',
  format: 'cr:format',
  includes: 'cr:includes',
  isLiveDataset: 'cr:isLiveDataset',
  jsonPath: 'cr:jsonPath',
  key: 'cr:key',
  md5: 'cr:md5',
  parentField: 'cr:parentField',
  path: 'cr:path',
  recordSet: 'cr:recordSet',
  references: 'cr:references',
  regex: 'cr:regex',
  repeated: 'cr:repeated',
  replace: 'cr:replace',
  sc: 'https://schema.org/',
  separator: 'cr:separator',
  source: 'cr:source',
  subField: 'cr:subField',
  transform: 'cr:transform',
} as const;

const LICENSE_URLS: Readonly<Record<string, string>> = {
  'cc-by-4.0': 'https://creativecommons.org/licenses/by/4.0/',
  'cc-by-sa-4.0': 'https://creativecommons.org/licenses/by-sa/4.0/',
  'cc-by-nc-4.0': 'https://creativecommons.org/licenses/by-nc/4.0/',
  'cc-by-nc-sa-4.0': 'https://creativecommons.org/licenses/by-nc-sa/4.0/',
  'cc0-1.0': 'https://creativecommons.org/publicdomain/zero/1.0/',
  'odc-by': 'https://opendatacommons.org/licenses/by/1-0/',
  mit: 'https://opensource.org/license/mit',
  'apache-2.0': 'https://www.apache.org/licenses/LICENSE-2.0',
};

/**
 * The dataset's MLCommons Croissant 1.0 metadata (`croissant.json`): `@context` (the specification's),
 * `@type: sc:Dataset`, `conformsTo` 1.0, name, description, license (a known id as its URL, else as
 * given), `citeAs` when given, a `cr:FileObject` per data file with `contentUrl` (its path in the
 * dataset), `encodingFormat` and `sha256`, and one `cr:RecordSet` "decisions" whose fields are
 * decisions.csv's columns, each read from its column. Pure; deterministic (no date, fixed key order).
 *
 * @example croissant(input)['@type'] // 'sc:Dataset'
 */
export function croissant(input: CroissantInput): Record<string, unknown> {
  const decisionsFile = input.files.find((file) => file.name === 'decisions.csv');
  return {
    '@context': CONTEXT,
    '@type': 'sc:Dataset',
    conformsTo: 'http://mlcommons.org/croissant/1.0',
    name: input.name,
    description: input.description,
    license: LICENSE_URLS[input.license.toLowerCase()] ?? input.license,
    ...(input.citation === undefined ? {} : { citeAs: input.citation.trim() }),
    distribution: input.files.map((file) => ({
      '@type': 'cr:FileObject',
      '@id': file.name,
      name: file.name,
      description: file.description,
      contentUrl: file.name,
      encodingFormat: file.encodingFormat,
      sha256: file.sha256,
    })),
    recordSet: decisionsFile
      ? [
          {
            '@type': 'cr:RecordSet',
            '@id': 'decisions',
            name: 'decisions',
            description: "One row per argument × case × factor: every source's 0/1 decision.",
            field: input.decisionColumns.map((column) => ({
              '@type': 'cr:Field',
              '@id': `decisions/${column.name}`,
              name: column.name,
              description: column.description,
              dataType: column.dataType,
              source: { fileObject: { '@id': decisionsFile.name }, extract: { column: column.name } },
            })),
          },
        ]
      : [],
  };
}
