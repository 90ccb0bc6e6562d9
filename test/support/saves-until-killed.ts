import { type AcknowledgedSave, type ChildServer, logInOver, saveOver } from './child-server.ts';

/** What the annotators' clients saw before and after the kill. */
export interface SavesUntilKilled {
  /** Per annotator, every save answered 200, in order. */
  acknowledged: Record<string, AcknowledgedSave[]>;
  total: number;
  /** Requests the kill cut off unanswered (the client keeps them as drafts). */
  lost: number;
}

/**
 * Each annotator saves its own item on `server` as fast as it is answered, each save the version the
 * last answer gave; a timer — not a client, so that the kill lands wherever the clients are — kills
 * the server (SIGKILL) after `savesBeforeKill` answered saves or `maxMs`, whichever comes first.
 * Any answer but 200 before the kill fails the run (and stops the other clients).
 */
export async function savesUntilKilled(
  server: ChildServer,
  keys: Record<string, string>,
  names: readonly string[],
  limits: { savesBeforeKill: number; maxMs: number },
): Promise<SavesUntilKilled> {
  const acknowledged: Record<string, AcknowledgedSave[]> = Object.fromEntries(
    names.map((name) => [name, []]),
  );
  let total = 0;
  let lost = 0;
  let killed = false;
  const started = Date.now();
  const annotate = async (name: string) => {
    const headers = await logInOver(server.url, name);
    let version = 0;
    for (let attempt = 1; !killed; attempt += 1) {
      const comment = `${name} save ${attempt}`;
      try {
        const response = await saveOver(server.url, keys[name] ?? '', headers, version, comment);
        if (response.status !== 200) throw new Error(`${name}: save answered ${response.status}`);
        version = ((await response.json()) as { version: number }).version;
        acknowledged[name]?.push({ version, comment });
        total += 1;
      } catch (error) {
        if (killed) {
          lost += 1;
          continue;
        }
        // A failure before the kill ends every client's loop, so the run fails instead of hanging.
        killed = true;
        throw error;
      }
    }
  };
  const watcher = setInterval(() => {
    if (total < limits.savesBeforeKill && Date.now() - started < limits.maxMs) return;
    clearInterval(watcher);
    killed = true;
    void server.stop('SIGKILL');
  }, 3);
  try {
    await Promise.all(names.map(annotate));
  } finally {
    clearInterval(watcher);
  }
  await server.stop('SIGKILL');
  return { acknowledged, total, lost };
}
