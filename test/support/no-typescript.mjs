// `node --import ./no-typescript.mjs …`: from then on, loading TypeScript or tsx throws — in the main
// thread and in every worker thread, which runs the --import preloads again (it inherits execArgv).
import { register } from 'node:module';

register('./no-typescript-hooks.mjs', import.meta.url);
