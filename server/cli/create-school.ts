/**
 * `npm run school:create -- --tenant-id <slug> --name "<School Name>" --school-id <CODE>
 *  --admin-email <email> [--admin-name "<Name>"] [--address ...] [--phone ...] [--email ...]`
 * provisions a real school and its first active admin. The admin's password is typed at a hidden
 * prompt (twice) or piped as the first line of stdin; it is never an argument. Uses the server's
 * database settings (DATABASE_URL, else embedded PGlite under DATA_DIR).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { passwordProblems } from '../../contract/password';
import { configFromEnv } from '../config';
import { openDatabase } from '../db/client';
import { AppError } from '../errors';
import { createSchool, createSchoolInputSchema } from '../modules/schools/provision';
import { readPassword } from './password-input';

const usage = `usage: npm run school:create -- --tenant-id <slug> --name "<School Name>" --school-id <CODE>
         --admin-email <email> [--admin-name "<First Last>"]
         [--address "<postal address>"] [--phone "<school phone>"] [--email <school e-mail>]

The admin password is asked for with echo off, or read from the first line of stdin when piped:
  printf '%s\\n' "$ADMIN_PASSWORD" | npm run school:create -- ...
It is never taken from the command line. With the embedded database (no DATABASE_URL), stop the
server first: PGlite serves one process at a time.`;

const options = {
  'tenant-id': { type: 'string' },
  name: { type: 'string' },
  'school-id': { type: 'string' },
  'admin-email': { type: 'string' },
  'admin-name': { type: 'string' },
  address: { type: 'string' },
  phone: { type: 'string' },
  email: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

class UsageError extends Error {}

/** Input fields by the flag that sets them, for error messages. */
const flagOf: Record<string, string> = {
  tenantId: '--tenant-id',
  schoolName: '--name',
  schoolId: '--school-id',
  adminEmail: '--admin-email',
  adminName: '--admin-name',
  address: '--address',
  phoneNumber: '--phone',
  email: '--email',
};

function parse(argv: string[]) {
  if (argv.some((arg) => /^--(admin-)?password(=|$)/.test(arg))) {
    throw new UsageError('The password is never taken from the command line; you will be asked for it.');
  }
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return undefined;
  const missing = ['tenant-id', 'name', 'school-id', 'admin-email'].filter((name) => !values[name as keyof typeof values]);
  if (missing.length > 0) throw new UsageError(`Missing ${missing.map((name) => `--${name}`).join(', ')}.`);
  return {
    tenantId: values['tenant-id'] ?? '',
    schoolName: values.name ?? '',
    schoolId: values['school-id'] ?? '',
    adminEmail: values['admin-email'] ?? '',
    adminName: values['admin-name'],
    address: values.address,
    phoneNumber: values.phone,
    email: values.email,
  };
}

export async function main(argv: string[]): Promise<number> {
  let fields;
  try {
    fields = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${usage}`);
    return 2;
  }
  if (!fields) {
    console.log(usage);
    return 0;
  }
  // Check everything but the password before asking for it.
  const checked = createSchoolInputSchema.safeParse({ ...fields, adminPassword: '' });
  if (!checked.success) {
    console.error(checked.error.issues.map((i) => `${flagOf[String(i.path[0])] ?? 'input'}: ${i.message}`).join('\n'));
    return 1;
  }
  const adminPassword = await readPassword(`Password for ${checked.data.adminEmail}`);
  const problems = passwordProblems(adminPassword, { email: checked.data.adminEmail });
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    return 1;
  }

  const config = configFromEnv();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    const created = await createSchool(database.db, { ...fields, adminPassword });
    const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    console.log(
      [
        `Created school "${created.schoolName}" (tenant id ${created.tenantId}, school id ${created.schoolId}) in ${where}.`,
        `First admin: ${created.admin.username}, active${created.admin.staffId ? ', with a staff record' : ''}.`,
        `Sign in: choose "${created.schoolName}" on /school-selection, then sign in on /login.`,
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
