import { loadConfig } from '../server/config.ts';
import { serve } from './serve.ts';

try {
  const server = await serve(loadConfig(process.env));
  const shutdown = () => server.close(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
