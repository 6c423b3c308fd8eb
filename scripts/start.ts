/**
 * `npm start`: build the PWA if stale, then serve API and app with the demo schools seeded.
 * WEB_CONCURRENCY=N runs N workers (server/main.ts); they re-run this file and skip the build.
 */
import cluster from 'node:cluster';
import { start } from '../server/main';
import { ensureBuild } from './ensure-build';

if (cluster.isPrimary) ensureBuild();
await start({ seedDemo: process.env.SEED_DEMO !== '0' });
