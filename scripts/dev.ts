/**
 * `npm run dev`: the API on PORT (default 3000, demo seeded) and Vite's dev server with hot reload
 * on 5173, proxying /api to it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { start } from '../server/main';

const root = path.resolve(import.meta.dirname, '..');
process.env.STATIC_DIR = '';
const { url } = await start({ seedDemo: process.env.SEED_DEMO !== '0' });
const vite = spawn(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), '--host'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, KAKSHA_API_URL: url.replace('localhost', '127.0.0.1') },
});
vite.on('exit', (code) => process.exit(code ?? 0));
process.on('SIGINT', () => vite.kill('SIGINT'));
