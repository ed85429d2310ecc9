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
    rolldownOptions: { input: { main: new URL('./src/client/index.html', import.meta.url).pathname } },
  },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, toApi])) },
});
