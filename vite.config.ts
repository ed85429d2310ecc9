import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
// In development Vite serves the client; the API paths go to the server.
const proxied = ['/api', '/config', '/users/sign_in.json', '/users/sign_out.json', '/users/sessions.json', '/users/password.json', '/users/auth'];

export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [react()],
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
  build: { outDir: '../../dist', emptyOutDir: true, sourcemap: true },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, api])) },
});
