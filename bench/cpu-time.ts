import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts /proc/<pid>/stat's CPU times in clock ticks of USER_HZ, 100 a second on every architecture. */
const TICKS_PER_SECOND = 100;

/**
 * The fields of /proc/<pid>/stat after the command name (which is in parentheses and may hold
 * spaces), so the parent is [1] and utime, stime are [11], [12]; undefined when the process is gone.
 */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function cpuSecondsOf(fields: readonly string[] | undefined): number {
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND : 0;
}

/**
 * CPU seconds spent so far by a PostgreSQL cluster: its postmaster (the first line of
 * `postmaster.pid` in its data directory) and every backend and worker it started. A backend that
 * ended between two readings is lost from the second, so read around a stretch in which the pool
 * keeps its connections.
 */
export function clusterCpuSeconds(dataDir: string): number {
  const postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n', 1)[0]);
  let seconds = cpuSecondsOf(statFields(postmaster));
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const fields = statFields(pid);
    if (fields && Number(fields[1]) === postmaster) seconds += cpuSecondsOf(fields);
  }
  return seconds;
}

/** CPU seconds of this process, all its threads (the load generator, a server's worker thread, the GC's). */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
