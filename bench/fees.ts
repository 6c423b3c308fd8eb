/**
 * `npm run bench:fees`: what fees cost (issue 14), against the real server (its own process, fresh
 * embedded database, demo schools seeded, loopback):
 *
 * 1. the defaulters list of a whole school on the server: GET /api/fees/dues?classId= for every
 *    class of greenvalley, one after another (the dues computed from structure, concessions,
 *    receipts and holidays): the total and the slowest class;
 * 2. 50 receipts created at once by the admin (one each for 50 students with something due): p50
 *    and p99 of the answers, receipts per second over the burst, and that the 50 numbers run on
 *    from the last without a gap or a duplicate;
 * 3. the dues of a 3,000-student school computed by the shared calculator in this process (what a
 *    device does for the defaulters list from its mirror; this machine's CPU, not slowed).
 *
 * Each figure is the median of `BENCH_RUNS` (default 3) runs. Figures go to stdout.
 */
import { performance } from 'node:perf_hooks';
import { computeDues } from '../contract/fee-dues';
import type { FeeReceipt, FeeStructure, StudentDues } from '../contract/fees';
import { paths } from '../contract/paths';
import { api, percentile, startBenchServer, tokenOf } from './support/server';

const tenant = 'greenvalley';
const runs = Number(process.env.BENCH_RUNS || 3);
const median = (values: number[]) => percentile(values, 50);
const ms = (value: number) => `${value.toFixed(1)} ms`;

function deviceDues(students: number): number {
  const structure: FeeStructure = {
    id: 's',
    classId: 'c',
    academicYear: 2026,
    heads: [
      { headId: 'tuition', frequency: 'monthly', installments: Array.from({ length: 12 }, (_, i) => ({ id: `m${i}`, label: `M${i}`, dueDate: `2026-${String(4 + (i % 9)).padStart(2, '0')}-10`, amount: 250_000 })) },
      { headId: 'bus', frequency: 'once', installments: [{ id: 'bus', label: 'Annual', dueDate: '2026-04-15', amount: 900_000 }] },
    ],
    fineKind: 'perDay',
    fineAmount: 1_000,
    fineCap: 50_000,
    rev: 1,
  };
  const receipts: Pick<FeeReceipt, 'studentId' | 'status' | 'paidOn' | 'items' | 'fine' | 'fineWaived'>[] = [];
  for (let s = 0; s < students; s += 1) {
    for (let m = 0; m < 7; m += 1) {
      receipts.push({ studentId: `st${s}`, status: 'paid', paidOn: `2026-${String(4 + m).padStart(2, '0')}-08`, items: [{ installmentId: `m${m}`, headId: 'tuition', headName: '', label: '', dueDate: '', amount: 250_000 }], fine: 0, fineWaived: 0 });
    }
  }
  const byStudent = new Map<string, typeof receipts>();
  for (const receipt of receipts) byStudent.set(receipt.studentId, [...(byStudent.get(receipt.studentId) ?? []), receipt]);
  const headNames = new Map([['tuition', 'Tuition'], ['bus', 'Transport']]);
  const started = performance.now();
  let overdue = 0;
  for (let s = 0; s < students; s += 1) {
    overdue += computeDues({ studentId: `st${s}`, academicYear: 2026, structure, headNames, concessions: [], receipts: byStudent.get(`st${s}`) ?? [], today: '2026-11-26' }).overdue;
  }
  if (overdue <= 0) throw new Error('expected dues');
  return performance.now() - started;
}

async function main() {
  const server = await startBenchServer();
  try {
    const token = await tokenOf(server.baseUrl, tenant, 'admin@kaksha.demo');
    const classes = await api<{ id: string }[]>(server.baseUrl, 'GET', paths.classes.all, tenant, token);
    const school: number[] = [];
    const slowest: number[] = [];
    let studentCount = 0;
    let open: StudentDues[] = [];
    for (let run = 0; run < runs; run += 1) {
      let worst = 0;
      const started = performance.now();
      const all: StudentDues[] = [];
      for (const klass of classes) {
        const one = performance.now();
        all.push(...(await api<StudentDues[]>(server.baseUrl, 'GET', `${paths.fees.dues}?classId=${klass.id}`, tenant, token)));
        worst = Math.max(worst, performance.now() - one);
      }
      school.push(performance.now() - started);
      slowest.push(worst);
      studentCount = all.length;
      open = all.filter((dues) => dues.installments.some((line) => line.outstanding - line.fine > 0));
    }
    console.log(`dues of greenvalley (${classes.length} classes, ${studentCount} students) on the server: ${ms(median(school))} in all, slowest class ${ms(median(slowest))}`);

    const p50s: number[] = [];
    const p99s: number[] = [];
    const rates: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const chosen = open.slice(run * 50, run * 50 + 50);
      if (chosen.length < 50) break;
      const times: number[] = [];
      const started = performance.now();
      const made = await Promise.all(
        chosen.map(async (dues) => {
          const line = dues.installments.find((one) => one.outstanding - one.fine > 0)!;
          const one = performance.now();
          const receipt = await api<FeeReceipt>(server.baseUrl, 'POST', paths.fees.create, tenant, token, { studentId: dues.studentId, mode: 'cash', items: [{ installmentId: line.installmentId, amount: 100 }] });
          times.push(performance.now() - one);
          return receipt.receiptSeq;
        }),
      );
      const wall = performance.now() - started;
      const sorted = [...made].sort((a, b) => a - b);
      if (new Set(sorted).size !== 50 || sorted.at(-1)! - sorted[0]! !== 49) throw new Error(`receipt numbers not consecutive: ${sorted.join(',')}`);
      p50s.push(percentile(times, 50));
      p99s.push(percentile(times, 99));
      rates.push(50 / (wall / 1000));
    }
    console.log(`50 concurrent receipt creates: p50 ${ms(median(p50s))}, p99 ${ms(median(p99s))}, ${median(rates).toFixed(0)} receipts/s, numbers consecutive`);

    const device = Array.from({ length: runs }, () => deviceDues(3_000));
    console.log(`dues of 3,000 students by the shared calculator in one process (13 installments, 7 receipts each): ${ms(median(device))}`);
  } finally {
    await server.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
