import { ensureClientBuilt } from './client-build.ts';

// `npm run build`: rebuild the client now (npm start also rebuilds by itself when the sources changed).
await ensureClientBuilt(console.log, { force: true });
console.log('Built the client into dist/client.');
