import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks a second of the kernel's process accounting (/proc/…/stat counts in them). */
let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * CPU seconds (user and system) a thread or process has used, from /proc; undefined where
 * there is no /proc or the process is gone. The comm field may hold spaces, so the fields are
 * counted from the closing parenthesis.
 */
function cpuSecondsOf(statPath: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(statPath, 'utf8');
  } catch {
    return undefined;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the comm.
  const used = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(used) ? used / clockTicks() : undefined;
}

/**
 * The CPU time of this process's main thread: the event loop that serves HTTP, apart from the
 * worker threads (the load generator's) that `process.cpuUsage()` would count with it.
 */
export function mainThreadCpuSeconds(): number | undefined {
  return cpuSecondsOf(`/proc/self/task/${process.pid}/stat`);
}

/** The CPU time of other processes on this machine (database backends), by process id. */
export function processCpuSeconds(pids: readonly number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    const seconds = cpuSecondsOf(`/proc/${pid}/stat`);
    if (seconds !== undefined) used.set(pid, seconds);
  }
  return used;
}
