import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '/tmp/remit-e2e';
export const E2E_ADMIN = { email: 'admin@remit.test', password: 'e2e-admin-password' };

/**
 * Browser tests drive the real app (built client + server) on its own database: the app starts its
 * embedded PostgreSQL in a fresh data directory, with the demo data set, exactly as `npm start` does.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  // No retries: a test that fails once is a race in the test or the app, fixed at its cause, not hidden.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && node --import tsx src/server/main.ts`,
    url: `http://127.0.0.1:${PORT}/config/locales/en.json`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54390',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      SIGN_IN_RATE_LIMIT: '1000',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      ...(process.env.E2E_CLIENT_DIR ? { CLIENT_DIR: process.env.E2E_CLIENT_DIR } : {}),
    },
  },
});
