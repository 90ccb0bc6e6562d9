import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts /proc/<pid>/stat's CPU times in clock ticks of USER_HZ, 100 a second on every architecture. */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process in seconds (fields 14 and 15 of /proc/<pid>/stat); 0 when it is gone. */
function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds spent so far by a PostgreSQL cluster: its postmaster (the first line of
 * `postmaster.pid` in its data directory) and every backend and worker it started. A backend that
 * ended between two readings is lost from the second, so read around a stretch in which the pool
 * keeps its connections.
 */
export function clusterCpuSeconds(dataDir: string): number {
  const postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n', 1)[0]);
  let seconds = processCpuSeconds(postmaster);
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && parentOf(pid) === postmaster) seconds += processCpuSeconds(pid);
  }
  return seconds;
}

/** CPU seconds of this process, all its threads (the load generator, a server's worker thread, the GC's). */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
