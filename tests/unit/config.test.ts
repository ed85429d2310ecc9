import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/server/config.js';

const OIDC = { OIDC_ISSUER: 'https://login.example.com/tenant/v2.0', OIDC_CLIENT_ID: 'remit', OIDC_CLIENT_SECRET: 'secret' };

/** The message readConfig stops with; fails the test when it does not stop. */
function refusal(env: Record<string, string>): string {
  try {
    readConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`readConfig accepted ${JSON.stringify(env)}`);
}

describe('readConfig defaults', () => {
  it('starts with no variables at all: embedded database, port 3000, demo on, password sign-in', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      embeddedPgPort: 54329,
      demo: true,
      adminEmail: undefined,
      adminPassword: undefined,
      publicUrl: 'http://localhost:3000',
      loginMethods: ['password'],
      oidc: undefined,
      smtpUrl: undefined,
      sessionTtlSeconds: 86400,
      sessionIdleSeconds: 28800,
      lockout: { maxFailures: 5, windowMinutes: 15, lockMinutes: 60 },
      logLevel: 'info',
      workersOnly: false,
    });
    expect(config.bodyLimitBytes).toBeGreaterThanOrEqual(1024);
    expect(config.uploadMaxBytes).toBeGreaterThanOrEqual(1024);
    expect(config.uploadMaxFiles).toBe(10);
    expect(config.reportUploadMaxBytes).toBe(4 * 1024 ** 3);
  });

  it('reads the number of files one upload may carry, within bounds', () => {
    expect(readConfig({ UPLOAD_MAX_FILES: '25' }).uploadMaxFiles).toBe(25);
    expect(() => readConfig({ UPLOAD_MAX_FILES: '0' })).toThrow('UPLOAD_MAX_FILES must be between 1 and 1000, got 0');
    expect(() => readConfig({ UPLOAD_MAX_FILES: 'many' })).toThrow('UPLOAD_MAX_FILES must be a whole number');
  });

  it('treats empty values as unset', () => {
    expect(readConfig({ PORT: '', DATABASE_URL: '', DEMO: '', LOG_LEVEL: '', LOGIN_METHODS: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      demo: true,
      logLevel: 'info',
      loginMethods: ['password'],
    });
  });

  it('derives the public address from the port and drops a trailing slash from PUBLIC_URL', () => {
    expect(readConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(readConfig({ PUBLIC_URL: 'https://remit.example.com/' }).publicUrl).toBe('https://remit.example.com');
  });

  it('reads DATA_DIR as an absolute path', () => {
    expect(readConfig({ DATA_DIR: 'some/where' }).dataDir).toBe(path.resolve('some/where'));
  });
});

describe('readConfig demo data', () => {
  it('is on for the embedded database unless DEMO=0', () => {
    expect(readConfig({}).demo).toBe(true);
    expect(readConfig({ DEMO: '1' }).demo).toBe(true);
    expect(readConfig({ DEMO: '0' }).demo).toBe(false);
    expect(readConfig({ DEMO: 'false' }).demo).toBe(false);
  });

  it('is off for a database given by DATABASE_URL unless DEMO=1', () => {
    const DATABASE_URL = 'postgres://remit@db.example.com:5432/remit';
    expect(readConfig({ DATABASE_URL }).demo).toBe(false);
    expect(readConfig({ DATABASE_URL, DEMO: '0' }).demo).toBe(false);
    expect(readConfig({ DATABASE_URL, DEMO: '1' }).demo).toBe(true);
  });
});

describe('readConfig login methods', () => {
  it('defaults to password, and to password,azure when OpenID Connect is configured', () => {
    expect(readConfig({}).loginMethods).toEqual(['password']);
    const config = readConfig(OIDC);
    expect(config.loginMethods).toEqual(['password', 'azure']);
    expect(config.oidc).toEqual({ issuer: OIDC.OIDC_ISSUER, clientId: 'remit', clientSecret: 'secret' });
  });

  it('takes an explicit list, trimmed', () => {
    expect(readConfig({ ...OIDC, LOGIN_METHODS: ' azure ' }).loginMethods).toEqual(['azure']);
    expect(readConfig({ ...OIDC, LOGIN_METHODS: 'password' }).loginMethods).toEqual(['password']);
  });
});

describe('readConfig refuses wrong values, naming the variable', () => {
  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '30.5' }],
    ['EMBEDDED_PG_PORT', { EMBEDDED_PG_PORT: '80' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['DATABASE_URL', { DATABASE_URL: 'localhost:5432' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db.example.com/remit' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'remit.example.com' }],
    ['DEMO', { DEMO: 'maybe' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'admin' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'admin@localhost' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'short' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: '12345678901' }],
    ['LOGIN_METHODS', { LOGIN_METHODS: 'password,ldap' }],
    ['LOGIN_METHODS', { LOGIN_METHODS: 'azure' }],
    ['LOGIN_METHODS', { LOGIN_METHODS: 'password,azure' }],
    ['LOGIN_METHODS', { LOGIN_METHODS: ' , ' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['SESSION_TTL_SECONDS', { SESSION_TTL_SECONDS: '10' }],
    ['BODY_LIMIT_BYTES', { BODY_LIMIT_BYTES: '2MB' }],
    ['WORKERS_ONLY', { WORKERS_ONLY: 'sometimes' }],
    ['SMTP_URL', { SMTP_URL: 'mail.example.com:25' }],
    ['OIDC_ISSUER', { ...OIDC, OIDC_ISSUER: 'login.example.com' }],
  ])('%s in %j', (variable, env) => {
    expect(refusal(env)).toContain(variable);
  });

  it('accepts an admin password of 12 characters', () => {
    expect(readConfig({ ADMIN_PASSWORD: '123456789012' }).adminPassword).toBe('123456789012');
  });

  it.each([
    ['OIDC_CLIENT_ID', { OIDC_ISSUER: OIDC.OIDC_ISSUER, OIDC_CLIENT_SECRET: 'secret' }],
    ['OIDC_CLIENT_SECRET', { OIDC_ISSUER: OIDC.OIDC_ISSUER, OIDC_CLIENT_ID: 'remit' }],
    ['OIDC_ISSUER', { OIDC_CLIENT_ID: 'remit', OIDC_CLIENT_SECRET: 'secret' }],
  ])('OpenID Connect partly set: names the missing %s', (missing, env) => {
    expect(refusal(env)).toMatch(new RegExp(`^${missing} is not set`));
  });
});
