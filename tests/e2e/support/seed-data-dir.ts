/**
 * Seeds the demo schools into the embedded database under DATA_DIR and exits (the end-to-end setup
 * copies that folder to each server it starts).
 */
import { configFromEnv } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { seedDemoSchools } from '../../../server/seed/demo';

const database = await openDatabase({ dataDir: configFromEnv().dataDir });
try {
  if (!(await seedDemoSchools(database.db))) throw new Error('the e2e database already held schools');
} finally {
  await database.close();
}
