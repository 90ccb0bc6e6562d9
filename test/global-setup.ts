import { ensureClientBuilt } from '../scripts/client-build.ts';

/** Builds the client once before a test serves it, so parallel test files never build it together. */
export default async function setup(): Promise<void> {
  await ensureClientBuilt(() => {});
}
