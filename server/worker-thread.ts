import { Worker } from 'node:worker_threads';

/**
 * Starts the worker module `name` that sits beside the module at `besideUrl` (its import.meta.url),
 * in the same form as that module: compiled (`npm run build`, the caller's own file ends in `.js`)
 * the worker's JavaScript is loaded as it is, with no TypeScript loader; from source (the tests, the
 * CLI and `npm start` through tsx) its TypeScript goes through tsx, registered in the thread before
 * the entry is imported — resolved here, so the thread finds tsx whatever the current directory.
 */
export function startWorker(besideUrl: string, name: string, workerData: unknown): Worker {
  if (besideUrl.endsWith('.js')) return new Worker(new URL(`./${name}.js`, besideUrl), { workerData });
  const entry = new URL(`./${name}.ts`, besideUrl).href;
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)})
  .then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })
  .catch((error) => { console.error(error); process.exit(1); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}
