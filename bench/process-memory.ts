import { readdirSync, readFileSync } from 'node:fs';

/**
 * Resident memory of a process and its descendants (Linux /proc), bytes: what the soak
 * (bench/soak.ts) and the growth bench (bench/growth/run.ts) watch. 0 once the process is gone.
 */
export function residentBytes(pid: number): number {
  let total = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
      for (const child of children.split(' ').filter(Boolean))
        total += residentBytes(Number(child));
    }
  } catch {
    // the process is gone
  }
  return total;
}
