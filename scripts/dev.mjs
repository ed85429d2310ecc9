// Development: the API server (restarting on change) and Vite's dev server with hot reload.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3000';
const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite', '--port', process.env.DEV_PORT ?? '5173'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => { if (code) stop(); }));
