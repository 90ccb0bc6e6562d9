export * from './annotation.ts';
export * from './argument.ts';
export * from './extraction.ts';
export * from './factor-list.ts';
export * from './reported.ts';
export * from './triple.ts';
