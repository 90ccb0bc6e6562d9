export * from './csv-records.ts';
export * from './distilled-factors.ts';
export * from './lines.ts';
export * from './loose-json.ts';
export * from './paper-log.ts';
export * from './scenario-block.ts';
export * from './scenario-csv.ts';
export * from './stable-hash.ts';
