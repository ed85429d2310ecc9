import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Start-up after a crash. A killed app (kill -9, power loss of the terminal) leaves its PostgreSQL
 * server running, or leaves a `postmaster.pid` behind that names a process which no longer is
 * PostgreSQL; either way the next start would fail. This finds out which, and clears the way.
 */

export type LeftOver =
  | { kind: 'none' }
  | { kind: 'orphan'; pid: number }
  | { kind: 'stale'; pid: number }
  /** The server of a Remit that is still running: not ours to stop. */
  | { kind: 'in_use'; pid: number; appPid: number };

/** What the data directory's `postmaster.pid` says about a server from an earlier run. */
export async function inspectPidFile(dir: string): Promise<LeftOver> {
  const text = await fs.readFile(path.join(dir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  if (text === undefined) return { kind: 'none' };
  const pid = Number(text.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return { kind: 'stale', pid: 0 };
  const command = await commandLine(pid);
  // Ours only when it is a postgres running on this very directory: a reused pid is someone else's.
  if (!command || !/postgres/.test(command) || !command.includes(path.resolve(dir))) return { kind: 'stale', pid };
  // Orphaned when the app that started it is gone (the server now belongs to init or a reaper).
  const appPid = await parentPid(pid);
  if (appPid && appPid > 1 && /\bnode\b/.test((await commandLine(appPid)) ?? '')) return { kind: 'in_use', pid, appPid };
  return { kind: 'orphan', pid };
}

/** Stops a server of ours left from an earlier run (fast shutdown) or removes a stale pid file. */
export async function clearLeftOver(dir: string, log: (line: string) => void, timeoutMs = 60_000): Promise<void> {
  const left = await inspectPidFile(dir);
  if (left.kind === 'in_use') {
    throw new Error(`the data directory ${dir} is in use by another running Remit (process ${left.appPid}); stop it first or choose another DATA_DIR`);
  }
  if (left.kind === 'stale') {
    log(`removing the stale postmaster.pid of process ${left.pid}, which is not this data directory's server`);
    await fs.rm(path.join(dir, 'postmaster.pid'), { force: true });
  } else if (left.kind === 'orphan') {
    log(`stopping the PostgreSQL server (pid ${left.pid}) left running by an earlier start`);
    try {
      process.kill(left.pid, 'SIGINT');
    } catch (error) {
      throw new Error(
        `a PostgreSQL server (pid ${left.pid}) from an earlier start still runs on ${dir} and cannot be stopped (${(error as Error).message}); stop it and start again`,
        { cause: error },
      );
    }
    // Gone when its pid file is (a clean shutdown removes it) or the process is (possibly a zombie).
    const deadline = Date.now() + timeoutMs;
    while ((await inspectPidFile(dir)).kind === 'orphan') {
      if (Date.now() > deadline) {
        throw new Error(`the PostgreSQL server (pid ${left.pid}) left by an earlier start did not stop within ${timeoutMs / 1000} s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A process's parent, or undefined when the process does not exist. */
async function parentPid(pid: number): Promise<number | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  // `pid (comm) state ppid ...`; comm may hold spaces and parentheses, so read after the last `)`.
  const fromProc = stat === undefined ? undefined : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  if (fromProc !== undefined) return Number.isInteger(fromProc) ? fromProc : undefined;
  const ps = await run('ps', ['-p', String(pid), '-o', 'ppid=']);
  return ps ? Number(ps) : undefined;
}

/** A process's command line, or undefined when it does not exist (or is a zombie with none). */
async function commandLine(pid: number): Promise<string | undefined> {
  const proc = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  if (proc !== undefined) return proc.replace(/\0/g, ' ').trim() || undefined;
  // No /proc (macOS): ask ps.
  return run('ps', ['-p', String(pid), '-o', 'command=']);
}

async function run(command: string, args: string[]): Promise<string | undefined> {
  try {
    const { stdout } = await promisify(execFile)(command, args);
    return stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}
