import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import type { Jobs } from './jobs/queue.js';
import type { Mailer } from './lib/mailer.js';
import type { Storage } from './lib/storage.js';

/** What every module gets: configuration, the database, jobs, mail and file storage. */
export interface AppContext {
  config: Config;
  db: Db;
  jobs: Jobs;
  mailer: Mailer;
  storage: Storage;
  log: FastifyBaseLogger;
}

/** The signed-in user, as the auth hook puts it on the request. */
export interface CurrentUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  roles: string[];
  sessionId: number;
}
