/**
 * The upload sandbox's outside: checks a file (file-check.ts), then parses it in a fresh
 * worker_threads Worker (sheet-worker.mjs) with V8 heap limits, an empty environment, no inherited
 * Node flags and a wall-clock limit after which the worker is terminated. At most a few parse at
 * once; the rest wait briefly or get 429. Whatever the file does, the outcome is rows or a 4xx
 * AppError: a crash or a timeout of the worker is this file's failure, never the server's.
 */
import { Worker } from 'node:worker_threads';
import { messages } from '../../../contract/messages';
import { AppError } from '../../errors';
import { checkWorkbookZip, detectKind, unpackedTooLarge, unreadable, type SheetKind } from './file-check';
import type { ImportLimits } from './limits';

const workerUrl = new URL('./sheet-worker.mjs', import.meta.url);

/** A row with content: its spreadsheet row number (1-based) and its cells as text. */
export interface SheetRow {
  r: number;
  cells: string[];
}

type WorkerAnswer = { ok: true; rows?: SheetRow[]; file?: Uint8Array; probe?: Record<string, unknown> } | { ok: false; code: string };

/** A counting semaphore with a bounded queue. */
class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(
    private readonly max: number,
    private readonly maxQueued: number,
  ) {}

  async enter(): Promise<void> {
    if (this.running < this.max) {
      this.running += 1;
      return;
    }
    if (this.waiting.length >= this.maxQueued) {
      throw new AppError(429, messages.imports.busy, null, { 'Retry-After': '30' });
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}

const gates = new WeakMap<ImportLimits, Gate>();
function gateFor(limits: ImportLimits): Gate {
  let gate = gates.get(limits);
  if (!gate) {
    gate = new Gate(limits.maxConcurrent, limits.maxQueued);
    gates.set(limits, gate);
  }
  return gate;
}

function failure(code: string, limits: ImportLimits): AppError {
  switch (code) {
    case 'tooManyRows':
      return new AppError(413, messages.imports.tooManyRows(limits.maxRows));
    case 'tooLarge':
    case 'outOfMemory':
      return unpackedTooLarge();
    case 'timeout':
      return new AppError(400, messages.imports.tooSlow);
    default:
      return unreadable();
  }
}

/** Runs one task in a new worker and resolves with its answer; never rejects with anything but AppError. */
async function runWorker(task: Record<string, unknown>, transfer: ArrayBuffer[], limits: ImportLimits): Promise<WorkerAnswer> {
  const gate = gateFor(limits);
  await gate.enter();
  try {
    return await new Promise<WorkerAnswer>((resolve) => {
      let settled = false;
      const worker = new Worker(workerUrl, {
        workerData: task,
        transferList: transfer,
        env: {},
        execArgv: [],
        argv: [],
        stdout: true,
        stderr: true,
        trackUnmanagedFds: true,
        name: 'kaksha-sheet-sandbox',
        resourceLimits: {
          maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
          maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
          codeRangeSizeMb: limits.codeRangeSizeMb,
          stackSizeMb: limits.stackSizeMb,
        },
      });
      // Whatever the library prints stays in the sandbox.
      worker.stdout.resume();
      worker.stderr.resume();
      const finish = (answer: WorkerAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        resolve(answer);
      };
      const timer = setTimeout(() => finish({ ok: false, code: 'timeout' }), limits.timeLimitMs);
      worker.once('message', (answer: WorkerAnswer) => finish(answer));
      worker.once('error', (error: Error & { code?: string }) =>
        finish({ ok: false, code: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'outOfMemory' : 'unreadable' }),
      );
      worker.once('exit', () => finish({ ok: false, code: 'unreadable' }));
    });
  } finally {
    gate.leave();
  }
}

/** An own copy of the bytes, transferable to the worker. */
function ownCopy(data: Uint8Array): Uint8Array {
  const copy = new Uint8Array(data.byteLength);
  copy.set(data);
  return copy;
}

/** Checks and parses an uploaded file: its rows with content, or a 4xx AppError. */
export async function parseUpload(filename: string, data: Buffer, limits: ImportLimits): Promise<SheetRow[]> {
  if (data.length > limits.maxFileBytes) throw new AppError(413, messages.imports.tooLarge(Math.round(limits.maxFileBytes / 1024 / 1024)));
  const kind: SheetKind = detectKind(filename, data);
  if (kind === 'xlsx') await checkWorkbookZip(data, limits);
  const copy = ownCopy(data);
  const answer = await runWorker(
    {
      type: 'parse',
      kind,
      data: copy,
      limits: {
        maxRows: limits.maxRows,
        maxColumns: limits.maxColumns,
        maxCellLength: limits.maxCellLength,
        maxCharacters: 32 * 1024 * 1024,
      },
    },
    [copy.buffer as ArrayBuffer],
    limits,
  );
  if (!answer.ok) throw failure(answer.code, limits);
  return answer.rows ?? [];
}

/** An .xlsx workbook of the given sheets (made in the sandbox too: the library stays out of this process). */
export async function buildWorkbook(sheets: { name: string; rows: string[][] }[], limits: ImportLimits): Promise<Buffer> {
  const answer = await runWorker({ type: 'template', sheets }, [], limits);
  if (!answer.ok || !answer.file) throw new Error('template workbook could not be built');
  return Buffer.from(answer.file.buffer, answer.file.byteOffset, answer.file.byteLength);
}

/** The sandbox as seen from inside a worker: frozen prototypes, refused modules, no network, no environment. */
export async function probeSandbox(limits: ImportLimits): Promise<Record<string, unknown>> {
  const answer = await runWorker({ type: 'probe' }, [], limits);
  if (!answer.ok || !answer.probe) throw new Error('sandbox probe failed');
  return answer.probe;
}
