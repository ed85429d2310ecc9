import path from 'node:path';

/** Configuration, read and checked once at start. A wrong value stops start-up naming the variable. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  demo: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string;
  loginMethods: string[];
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionTtlSeconds: number;
  /** A session unused this long ends, within its absolute lifetime. */
  sessionIdleSeconds: number;
  /** A jobs process silent this long is gone: its running jobs are retried (`jobs/queue.ts`). */
  jobWorkerStaleSeconds: number;
  lockout: { maxFailures: number; windowMinutes: number; lockMinutes: number };
  signInRateLimit: { max: number; windowMs: number };
  uploadMaxBytes: number;
  /** Revenue report files (payout uploads): real claim files run to gigabytes. */
  reportUploadMaxBytes: number;
  /** What one report may expand to (gunzip, zip entries together) before its import is refused. */
  reportMaxExpandedBytes: number;
  /** The longest line of a report, in characters: past it the import is refused (its parse stays linear). */
  reportMaxLineChars: number;
  /** Report imports one process runs at once, so a long one does not hold up other payouts' uploads. */
  importWorkers: number;
  uploadMaxFiles: number;
  bodyLimitBytes: number;
  /** Contracts per transaction of the payment run. */
  paymentRunBatch: number;
  mapsKey: string | undefined;
  logLevel: string;
  workersOnly: boolean;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function bool(env: Env, name: string): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`);
}

function url(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}"`);
  }
  // `new URL('localhost:5432')` parses (as the scheme "localhost:"): the scheme says whether it is meant.
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must be a ${protocols.map((p) => p.replace(/:$/, '://')).join(' or ')} URL, got "${raw}"`);
  }
  return raw;
}

const HTTP = ['http:', 'https:'];

const KNOWN_LOGIN_METHODS = ['password', 'azure'];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function readConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 3000, 0, 65535);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const demoFlag = bool(env, 'DEMO');
  // Demo data only goes into the embedded database unless asked for explicitly.
  const demo = databaseUrl ? demoFlag === true : demoFlag !== false;

  const adminEmail = env.ADMIN_EMAIL || undefined;
  if (adminEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(adminEmail)) {
    throw new ConfigError(`ADMIN_EMAIL must be an e-mail address, got "${adminEmail}"`);
  }
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword && adminPassword.length < 12) throw new ConfigError('ADMIN_PASSWORD must have at least 12 characters');

  const issuer = url(env, 'OIDC_ISSUER', HTTP);
  const clientId = env.OIDC_CLIENT_ID || undefined;
  const clientSecret = env.OIDC_CLIENT_SECRET || undefined;
  const oidcParts = { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret };
  const missing = Object.entries(oidcParts).filter(([, v]) => !v).map(([k]) => k);
  if (missing.length !== 0 && missing.length !== 3) {
    throw new ConfigError(`${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set (OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together)`);
  }
  const oidc = issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : undefined;

  const loginMethods = (env.LOGIN_METHODS || (oidc ? 'password,azure' : 'password'))
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  for (const method of loginMethods) {
    if (!KNOWN_LOGIN_METHODS.includes(method)) {
      throw new ConfigError(`LOGIN_METHODS has an unknown method "${method}" (known: ${KNOWN_LOGIN_METHODS.join(', ')})`);
    }
  }
  if (loginMethods.length === 0) throw new ConfigError('LOGIN_METHODS must name at least one method');
  if (loginMethods.includes('azure') && !oidc) {
    throw new ConfigError('LOGIN_METHODS includes azure but OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are not set');
  }

  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    embeddedPgPort: int(env, 'EMBEDDED_PG_PORT', 54329, 1024, 65535),
    demo,
    adminEmail,
    adminPassword,
    // Without a trailing slash: paths are appended to it (`${publicUrl}/users/auth/entra_id/callback`).
    publicUrl: (url(env, 'PUBLIC_URL', HTTP) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    loginMethods,
    oidc,
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Remit <no-reply@remit.local>',
    sessionTtlSeconds: int(env, 'SESSION_TTL_SECONDS', 86400, 60),
    sessionIdleSeconds: int(env, 'SESSION_IDLE_SECONDS', 8 * 3600, 120),
    jobWorkerStaleSeconds: int(env, 'JOB_WORKER_STALE_SECONDS', 60, 2, 3600),
    lockout: {
      maxFailures: int(env, 'LOCKOUT_MAX_FAILURES', 5, 1),
      windowMinutes: int(env, 'LOCKOUT_WINDOW_MINUTES', 15, 1),
      lockMinutes: int(env, 'LOCKOUT_MINUTES', 60, 1),
    },
    signInRateLimit: { max: int(env, 'SIGN_IN_RATE_LIMIT', 20, 1), windowMs: 60_000 },
    uploadMaxBytes: int(env, 'UPLOAD_MAX_BYTES', 20 * 1024 * 1024, 1024),
    reportUploadMaxBytes: int(env, 'REPORT_UPLOAD_MAX_BYTES', 4 * 1024 ** 3, 1024),
    reportMaxExpandedBytes: int(env, 'REPORT_MAX_EXPANDED_BYTES', 8 * 1024 ** 3, 1024),
    reportMaxLineChars: int(env, 'REPORT_MAX_LINE_CHARS', 1024 * 1024, 1024),
    importWorkers: int(env, 'IMPORT_WORKERS', 2, 1, 16),
    uploadMaxFiles: int(env, 'UPLOAD_MAX_FILES', 10, 1, 1000),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 2 * 1024 * 1024, 1024),
    paymentRunBatch: int(env, 'PAYMENT_RUN_BATCH', 250, 1, 10_000),
    mapsKey: env.MAPS_KEY || undefined,
    logLevel,
    workersOnly: bool(env, 'WORKERS_ONLY') ?? false,
  };
}
