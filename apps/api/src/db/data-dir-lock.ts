import { readFile, rm, writeFile } from 'node:fs/promises';

/** Another live process holds the embedded database. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly location: string,
    readonly pid: number,
  ) {
    super(`The database in ${location} is already open in another process (pid ${pid})`);
    this.name = 'DatabaseInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not lock its folder, and two processes writing the same folder corrupt it: a pid
 * file refuses a second process. A lock left by a process that died is taken over.
 */
export async function lockDataFolder(
  lockPath: string,
  location: string,
): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(lockPath, String(process.pid), { flag: 'wx' });
      return () => rm(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseInUseError(location, pid);
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Cannot take the lock ${lockPath}`);
}
