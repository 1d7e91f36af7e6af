// One process at a time on a PGlite folder: a lock file naming its owner (pid and, on Linux, the process's
// start time, so a pid reused after a restart is not taken for the old owner).
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {
  constructor(readonly pid: number) {
    super(`DATA_DIR is in use by process ${pid}`);
  }
}

/** A process's start time in clock ticks since boot (Linux), or '' where /proc cannot tell. */
function startTimeOf(pid: number): string {
  try {
    // The fields after the command name, which is in parentheses and may itself hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

/** The owner a lock file names: `pid` or `pid start-time`. */
function parseOwner(text: string): { pid: number; startTime: string } | null {
  const [pid, startTime = ''] = text.trim().split(' ');
  const parsed = Number.parseInt(pid ?? '', 10);
  return Number.isInteger(parsed) && parsed > 0 ? { pid: parsed, startTime } : null;
}

function isAlive(owner: { pid: number; startTime: string }): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The same pid started at another time is a new process that reused the number.
  const now = startTimeOf(owner.pid);
  return !owner.startTime || !now || now === owner.startTime;
}

const readOrNull = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

/** Takes the lock on `dataDir` (taking over one left by a dead process); returns its release function. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'server.lock');
  const me = `${process.pid} ${startTimeOf(process.pid)}`.trim();
  const unique = () => `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;

  for (let attempt = 0; attempt < 5; attempt += 1) {
    // Written in full under another name, then linked into place: the lock never exists half-written, and
    // link() fails if it exists, so only one process can create it.
    const candidate = unique();
    writeFileSync(candidate, me);
    try {
      linkSync(candidate, path);
      return () => {
        if (readOrNull(path)?.trim() === me) {
          try {
            unlinkSync(path);
          } catch {
            // Already gone: nothing to release.
          }
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(candidate);
    }

    const held = readOrNull(path);
    if (held === null) continue; // released meanwhile: try again
    const owner = parseOwner(held);
    if (owner && owner.pid !== process.pid && isAlive(owner)) throw new DataDirInUseError(owner.pid);
    // Stale (a dead owner, or unreadable): move it aside under a name of our own, and make sure what we moved
    // is what we judged stale; if another process took the lock in between, put its lock back.
    const aside = unique();
    try {
      renameSync(path, aside);
    } catch {
      continue; // someone else moved it first
    }
    const moved = readOrNull(aside);
    if (moved !== held) {
      try {
        linkSync(aside, path);
      } catch {
        // The lock was taken again meanwhile; the next attempt reads it.
      }
      unlinkSync(aside);
      const other = parseOwner(moved ?? '');
      if (other) throw new DataDirInUseError(other.pid);
      continue;
    }
    unlinkSync(aside);
  }
  throw new Error(`Could not take the lock on DATA_DIR ${dataDir}`);
}
