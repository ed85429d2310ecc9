import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

// In development Vite serves the client and sends API calls to the server. Paths the spec shares between
// a screen and its API (`/portal-faqs`) go to the server only when the caller does not want HTML.
const toApi: ProxyOptions = {
  target: api,
  bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
};
// Money display: the grid's money cells, the decimal formatting and the currencies' minor units (currency-codes).
const MONEY_DISPLAY = /(kit\/grid\/(format-money\.ts|decimal-text\.tsx)|shared\/money-format\.ts|node_modules\/(currency-codes|nub|first-match)\/)/;
const proxied = ['/api', '/config', '/users/sign_in.json', '/users/sign_out.json', '/users/sessions.json', '/users/password.json', '/users/auth', '/portal-faq-sections', '/portal-faqs', '/portal-pages'];

export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [react(), precompress()],
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      input: { main: new URL('./src/client/index.html', import.meta.url).pathname },
      // Money display (the currency list) in a chunk of its own: left to itself the bundler puts it into the grid's
      // chunk, so every list loaded it. Only these modules, not what they import (that put decimal.js on the sign-in page).
      // Money display only defines functions and data, but currency-codes is CommonJS and the bundler assumes loading it
      // (and what imports it) does something: every chunk that re-exports the display (the grid's index) loaded it for nothing.
      treeshake: { moduleSideEffects: (id) => (MONEY_DISPLAY.test(id) ? false : undefined) },
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: 'money-format', test: MONEY_DISPLAY }] } },
    },
  },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, toApi])) },
});
