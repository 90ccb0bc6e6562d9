/**
 * The files of a gold-standard dataset folder (`export dataset`), each with its media type and a line
 * saying what it holds (for croissant.json). `manifest.json` lists the size and SHA-256 of all the
 * others; `import dataset` checks every file against it, then reads `gold.jsonl` and `sample.json`.
 */
export const DATASET_FILES = {
  records: {
    name: 'gold.jsonl',
    encodingFormat: 'application/jsonlines',
    description: 'One record per annotated argument.',
  },
  decisions: {
    name: 'decisions.csv',
    encodingFormat: 'text/csv',
    description: "One row per argument × case × factor with every source's 0/1 decision.",
  },
  sample: { name: 'sample.json', encodingFormat: 'application/json', description: 'The sample design.' },
  card: { name: 'README.md', encodingFormat: 'text/markdown', description: 'The dataset card.' },
  croissant: {
    name: 'croissant.json',
    encodingFormat: 'application/ld+json',
    description: 'Croissant 1.0 metadata.',
  },
  manifest: {
    name: 'manifest.json',
    encodingFormat: 'application/json',
    description: 'Sizes and SHA-256 of the files.',
  },
} as const;
