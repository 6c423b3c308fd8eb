/** `npm start`: build the PWA if stale, then serve API and app with the demo schools seeded. */
import { start } from '../server/main';
import { ensureBuild } from './ensure-build';

ensureBuild();
await start({ seedDemo: process.env.SEED_DEMO !== '0' });
