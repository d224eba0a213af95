import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export interface DirectoryLock {
  release(): void;
}

export class DirectoryLockedError extends Error {
  constructor(readonly holderPid: number) {
    super(`directory is locked by pid ${holderPid}`);
    this.name = "DirectoryLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * An exclusive, process-level lock on a directory: a `domainlens.lock` file holding the owner's pid.
 * A lock left by a dead process is taken over.
 */
export function acquireDirectoryLock(dir: string): DirectoryLock {
  const file = path.join(dir, "domainlens.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        rmSync(file, { force: true });
      };
      process.on("exit", release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DirectoryLockedError(holder);
      }
      if (holder === process.pid) throw new DirectoryLockedError(holder);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dir}`);
}
