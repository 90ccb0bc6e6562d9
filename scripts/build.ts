import { ensureClientBuilt } from './client-build.ts';
import { buildServer, SERVER_DIR } from './server-build.ts';

// `npm run build`: rebuild the client and compile the server (npm start also rebuilds the client by
// itself when its sources changed; `npm run start:prod` runs the compiled server and builds nothing).
await ensureClientBuilt(console.log, { force: true });
console.log('Built the client into dist/client.');
const seconds = await buildServer();
console.log(`Compiled the server and the CLI into ${SERVER_DIR} (${seconds.toFixed(1)} s).`);
