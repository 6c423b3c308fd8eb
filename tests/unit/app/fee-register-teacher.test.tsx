/**
 * /admin/fee for a teacher: her device holds no receipts (server/modules/fees/sync-source.ts), so
 * the register says the screen is the office's instead of "No receipts yet"; an admin with no
 * receipts still reads "No receipts yet".
 */
import { describe, expect, it } from 'vitest';
import FeeRegisterPage from '../../../src/features/fees/FeeRegisterPage';
import { feeTexts as text } from '../../../src/features/fees/texts';
import { renderRoute, type Rendered } from './dom';
import { onDay } from '../../support/fixed-day';
import { screenHarness, until } from './records-harness';

const harness = screenHarness('fee-register-teacher');
onDay('2026-11-25');

async function emptyRegisterAs(role: 'TEACHER' | 'ADMIN'): Promise<Rendered> {
  await harness.engine(role, { storage: role === 'TEACHER' ? { profile: { username: 'teacher@kaksha.demo', userType: 'TEACHER', teacherId: 'tea-1' } } : {} });
  const view = await harness.show(renderRoute('/admin/fee', <FeeRegisterPage />, '/admin/fee'));
  await until(() => view.container.querySelector('table') !== null || (view.container.textContent ?? '').includes(text.register.empty), 'the register');
  return view;
}

describe('/admin/fee with no receipts on the device', () => {
  it('tells a teacher the screen is the office’s', async () => {
    const view = await emptyRegisterAs('TEACHER');
    await until(() => (view.container.textContent ?? '').includes(text.register.officeOnly), 'the office note');
    expect(view.container.textContent).not.toContain(text.register.empty);
  });

  it('tells an admin there are no receipts yet', async () => {
    const view = await emptyRegisterAs('ADMIN');
    await until(() => (view.container.textContent ?? '').includes(text.register.empty), 'the empty register');
    expect(view.container.textContent).not.toContain(text.register.officeOnly);
  });
});
