import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-db.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file has its own database; two workers suit a 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/support/ui-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
