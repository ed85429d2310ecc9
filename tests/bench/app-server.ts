import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** Starts the built app (client and compiled server) on a fresh embedded database, as `npm start` does; `env` adds to its environment. */
export async function startApp(port: number, clientDir?: string, env: Record<string, string> = {}): Promise<{ url: string; databaseUrl: string; stop(): Promise<void> }> {
  const dataDir = `/tmp/remit-bench-${port}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  // BENCH_CPU_PROF=<dir>: the app writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child: ChildProcess = spawn('node', [...prof, 'dist-server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port + 10000),
      ADMIN_EMAIL: 'bench@remit.test',
      ADMIN_PASSWORD: 'bench-password-123',
      LOG_LEVEL: 'warn',
      DEMO: '1',
      ...(clientDir ? { CLIENT_DIR: clientDir } : {}),
      ...env,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}/config/locales/en.json`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    // The embedded server's address (src/server/db/embedded.ts).
    databaseUrl: `postgres://postgres:remit@127.0.0.1:${port + 10000}/postgres`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
