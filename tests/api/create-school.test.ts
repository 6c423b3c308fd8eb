import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers } from '../../contract/envelope';
import { paths } from '../../contract/paths';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { schools, teachers, users } from '../../server/db/core-tables';
import { createSchool, type CreateSchoolInput } from '../../server/modules/schools/provision';
import { createTestApp, testJwtSecret, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const input = (overrides: Partial<CreateSchoolInput> = {}): CreateSchoolInput => ({
  tenantId: 'sunrise',
  schoolName: 'Sunrise Academy',
  schoolId: 'SRA-BLR-01',
  adminEmail: 'Principal@Sunrise.example.com',
  adminPassword: 'Sunrise@2025',
  adminName: 'Lata Menon',
  address: '7, MG Road, Bengaluru, Karnataka 560001',
  phoneNumber: '080 4123 9876',
  email: 'office@sunrise.example.com',
  ...overrides,
});

describe('createSchool', () => {
  it('creates the school and an active admin who can sign in at once', async () => {
    const created = await createSchool(t.database.db, input());
    expect(created).toMatchObject({ tenantId: 'sunrise', schoolId: 'SRA-BLR-01', admin: { username: 'principal@sunrise.example.com' } });
    const [school] = await t.database.db.select().from(schools).where(eq(schools.tenantId, 'sunrise'));
    expect(school).toMatchObject({ schoolName: 'Sunrise Academy', phoneNumber: '080 4123 9876', email: 'office@sunrise.example.com' });
    const [admin] = await t.database.db.select().from(users).where(and(eq(users.tenantId, 'sunrise'), eq(users.role, 'admin')));
    expect(admin).toMatchObject({ status: 'active', username: 'principal@sunrise.example.com' });
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);

    const response = await t.call({
      method: 'POST',
      url: paths.authUser,
      tenant: 'sunrise',
      payload: { username: 'principal@sunrise.example.com', password: 'Sunrise@2025' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.profile.teachers[0]).toMatchObject({
      userType: 'ADMIN',
      firstName: 'Lata',
      lastName: 'Menon',
      schoolName: 'Sunrise Academy',
    });
    const list = (await t.call({ method: 'GET', url: paths.schools.all })).json();
    expect(list.data).toContainEqual({ tenantId: 'sunrise', schoolName: 'Sunrise Academy' });
  });

  it('refuses a tenant id or a school id that exists, changing nothing', async () => {
    await expect(createSchool(t.database.db, input({ schoolId: 'OTHER-01' }))).rejects.toMatchObject({
      statusCode: 409,
      message: 'A school with tenant id "sunrise" already exists.',
    });
    await expect(createSchool(t.database.db, input({ tenantId: 'sunrise-two', schoolId: 'sra-blr-01' }))).rejects.toMatchObject({
      statusCode: 409,
      message: 'A school with school id "sra-blr-01" already exists.',
    });
    const rows = await t.database.db.select().from(schools).where(eq(schools.tenantId, 'sunrise-two'));
    expect(rows).toEqual([]);
  });

  it('refuses invalid input and weak passwords', async () => {
    for (const bad of [
      { tenantId: 'Sun Rise' },
      { tenantId: 'kaksha' },
      { tenantId: 'x' },
      { adminEmail: 'not-an-email' },
      { schoolName: '' },
      { email: 'office at sunrise' },
      { adminPassword: 'short1' },
      { adminPassword: 'onlyletters' },
    ]) {
      await expect(createSchool(t.database.db, input({ tenantId: 'fresh', schoolId: 'FR-1', ...bad })), JSON.stringify(bad)).rejects.toMatchObject({
        statusCode: 400,
      });
    }
    const [fresh] = await t.database.db.select().from(schools).where(eq(schools.tenantId, 'fresh'));
    expect(fresh).toBeUndefined();
  });

  it('creates no staff record without an admin name', async () => {
    const created = await createSchool(t.database.db, input({ tenantId: 'dawn', schoolId: 'DAWN-1', adminName: undefined }));
    expect(created.admin.staffId).toBeNull();
    expect(await t.database.db.select().from(teachers).where(eq(teachers.tenantId, 'dawn'))).toEqual([]);
  });
});

function runCli(args: string[], env: NodeJS.ProcessEnv, stdin: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/create-school.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('npm run school:create', () => {
  it('provisions a school in DATA_DIR with the password from stdin, and refuses it a second time', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kaksha-create-school-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    const args = ['--tenant-id', 'hillside', '--name', 'Hillside Convent School', '--school-id', 'HCS-01', '--admin-email', 'head@hillside.example.com'];
    try {
      const first = await runCli(args, env, 'Hillside#2025\n');
      expect(first.stderr).not.toMatch(/error/i);
      expect(first.code).toBe(0);
      expect(first.stdout).toContain('Created school "Hillside Convent School"');
      expect(first.stdout).not.toContain('Hillside#2025');

      const again = await runCli([...args.slice(0, -3), 'HCS-02', '--admin-email', 'x@hillside.example.com'], env, 'Hillside#2025\n');
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('A school with tenant id "hillside" already exists.');

      const inArgv = await runCli([...args, '--password', 'Hillside#2025'], env, '');
      expect(inArgv.code).toBe(2);

      const database = await openDatabase({ dataDir });
      const app = await buildApp({ db: database.db, config: configFromEnv({ DATA_DIR: dataDir, STATIC_DIR: '' }), jwtSecret: testJwtSecret, logger: false });
      try {
        const response = await app.inject({
          method: 'POST',
          url: paths.authUser,
          headers: { [headers.tenant]: 'hillside' },
          payload: { username: 'head@hillside.example.com', password: 'Hillside#2025' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().data.profile.teachers[0].userType).toBe('ADMIN');
        const [school] = await database.db.select().from(schools).where(eq(schools.tenantId, 'hillside'));
        expect(school?.schoolId).toBe('HCS-01');
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
