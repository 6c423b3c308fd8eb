/**
 * `npm run operator:create -- <e-mail> [--reset-password]`: creates an operator of the Kaksha service
 * (docs/operators.md), or with --reset-password gives an existing one a new password and ends their
 * sessions. The password is asked for twice with echo off on a terminal, or read from the first line
 * of stdin when piped; never from the command line, where it would stay in shell history and `ps`.
 * Uses the same database settings as the server (DATABASE_URL, else DATA_DIR).
 */
import { z } from 'zod';
import { operatorPasswordMinLength } from '../../contract/operator';
import { passwordProblems } from '../../contract/password';
import { configFromEnv } from '../config';
import { openDatabase } from '../db/client';
import { saveOperator } from '../modules/operators/repository';
import { readPassword } from './password-input';

function usage(): never {
  console.error('usage: npm run operator:create -- <e-mail> [--reset-password]');
  process.exit(2);
}

async function main() {
  const args = process.argv.slice(2);
  const replace = args.includes('--reset-password');
  const positional = args.filter((arg) => !arg.startsWith('--'));
  if (positional.length !== 1 || args.some((arg) => arg.startsWith('--') && arg !== '--reset-password')) usage();
  const parsed = z.email().safeParse(positional[0]?.trim().toLowerCase());
  if (!parsed.success) {
    console.error('The operator username must be an e-mail address.');
    process.exit(2);
  }
  const username = parsed.data;

  const password = await readPassword();
  const problems = passwordProblems(password, { email: username });
  if (password.length < operatorPasswordMinLength) {
    problems.unshift(`An operator password must be at least ${operatorPasswordMinLength} characters long.`);
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }

  const config = configFromEnv();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    const outcome = await saveOperator(database.db, username, password, replace);
    if (outcome === 'exists') {
      console.error(`Operator ${username} already exists. Use --reset-password to give them a new password.`);
      process.exitCode = 1;
    } else if (outcome === 'updated') {
      console.log(`Operator ${username}: password replaced; their earlier sessions have ended.`);
    } else {
      console.log(`Operator ${username} created. Sign in at /admin/contacted-clients.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
