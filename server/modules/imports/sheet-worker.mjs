/**
 * The upload sandbox's inside (docs/records-server.md): runs in a worker_threads Worker started by
 * sandbox.ts for ONE file, with V8 heap limits, an empty environment and a wall-clock limit, and
 * is thrown away afterwards. Before the spreadsheet library (xlsx 0.18.5, with published prototype
 * pollution and ReDoS advisories) is loaded, the built-in prototypes and constructors are frozen,
 * so a crafted file cannot change how any object behaves, and the globals a parser never needs
 * (network, native addons, loading further modules) are taken away. What goes back to the server
 * is plain data through structured clone: row numbers and cell strings.
 *
 * Plain JavaScript on purpose: the worker must start under any runner (tsx, vitest, plain node)
 * without a TypeScript loader, and load nothing but node built-ins, xlsx and papaparse.
 */
import Module, { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);

// ------------------------------------------------------------------------------------------------
// Hardening, before any third-party code runs.

/**
 * Freezing a prototype makes `obj.toString = f` on an ordinary object fail (the "override
 * mistake"). As SES does, such properties become accessors whose setter defines an own property
 * on the assigned object, so libraries that shadow them keep working while the prototype stays
 * untouched.
 */
function keepOverridable(proto, name) {
  const descriptor = Object.getOwnPropertyDescriptor(proto, name);
  if (!descriptor || !('value' in descriptor) || !descriptor.configurable) return;
  const value = descriptor.value;
  Object.defineProperty(proto, name, {
    get() {
      return value;
    },
    set(next) {
      if (this === proto) throw new TypeError(`Cannot change ${String(name)} of a frozen built-in prototype`);
      Object.defineProperty(this, name, { value: next, writable: true, enumerable: true, configurable: true });
    },
    enumerable: descriptor.enumerable,
    configurable: false,
  });
}

function harden() {
  for (const name of ['fetch', 'WebSocket', 'EventSource', 'Request', 'Response', 'Headers', 'FormData', 'BroadcastChannel']) {
    try {
      delete globalThis[name];
    } catch {
      // not configurable: leave it
    }
  }
  for (const name of ['binding', '_linkedBinding', 'dlopen', 'kill', 'setUncaughtExceptionCaptureCallback']) {
    try {
      Object.defineProperty(process, name, {
        value: () => {
          throw new Error(`process.${name} is not available in the sheet sandbox`);
        },
      });
    } catch {
      // not configurable: leave it
    }
  }

  const overridable = ['constructor', 'toString', 'toLocaleString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable'];
  for (const name of overridable) keepOverridable(Object.prototype, name);
  for (const name of ['constructor', 'toString', 'toLocaleString', 'join', 'push', 'slice', 'map', 'forEach', 'indexOf']) {
    keepOverridable(Array.prototype, name);
  }
  for (const name of ['constructor', 'toString', 'call', 'apply', 'bind']) keepOverridable(Function.prototype, name);
  for (const name of ['constructor', 'toString', 'name', 'message']) keepOverridable(Error.prototype, name);

  const typedArray = Object.getPrototypeOf(Uint8Array);
  const intrinsics = [
    Object, Array, Function, String, Number, Boolean, Symbol, BigInt, RegExp, Date, Math, JSON, Reflect, Promise,
    Map, Set, WeakMap, WeakSet, ArrayBuffer, DataView, typedArray, Uint8Array, Int8Array, Uint16Array, Int16Array,
    Uint32Array, Int32Array, Float32Array, Float64Array, Uint8ClampedArray, Error, TypeError, RangeError,
    SyntaxError, ReferenceError, EvalError, URIError, Buffer, TextDecoder, TextEncoder,
  ];
  for (const intrinsic of intrinsics) {
    // RegExp.prototype stays unfrozen: V8's fast regular expression paths require its original
    // shape, and freezing it made parsing three times slower (docs/records-server.md).
    if (typeof intrinsic === 'function' && intrinsic.prototype && intrinsic !== RegExp) Object.freeze(intrinsic.prototype);
    Object.freeze(intrinsic);
  }
  Object.freeze(Object.getPrototypeOf(function* () {}));
  Object.freeze(Object.getPrototypeOf(async function () {}));
  Object.freeze(Object.getPrototypeOf([][Symbol.iterator]()));
}

/** While the libraries load, only the modules they need; afterwards, none at all. */
const loadable = new Set(['stream', 'node:stream', './dist/cpexcel.js', 'xlsx', 'papaparse']);
let loading = true;
const originalLoad = Module._load;
Module._load = function load(request, ...rest) {
  if (!loading || !loadable.has(request)) throw new Error(`module "${request}" is not available in the sheet sandbox`);
  return originalLoad.call(this, request, ...rest);
};

harden();
const XLSX = require('xlsx');
const Papa = require('papaparse');
loading = false;

// ------------------------------------------------------------------------------------------------
// Parsing.

class SheetError extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

function cellText(cell, limits) {
  if (!cell) return '';
  let text;
  switch (cell.t) {
    case 's':
    case 'str':
      text = String(cell.v ?? '');
      break;
    case 'n': {
      const value = cell.v;
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        text = '';
      } else if (cell.z && XLSX.SSF.is_date(cell.z)) {
        const parts = XLSX.SSF.parse_date_code(value);
        text = parts ? `${String(parts.y).padStart(4, '0')}-${String(parts.m).padStart(2, '0')}-${String(parts.d).padStart(2, '0')}` : '';
      } else if (Number.isInteger(value)) {
        text = Math.abs(value) < 1e21 ? value.toFixed(0) : String(value);
      } else {
        text = String(value);
      }
      break;
    }
    case 'b':
      text = cell.v ? 'TRUE' : 'FALSE';
      break;
    case 'd':
      text = cell.v instanceof Date && !Number.isNaN(cell.v.getTime()) ? cell.v.toISOString().slice(0, 10) : '';
      break;
    case 'e':
      text = typeof cell.w === 'string' ? cell.w : '#ERROR';
      break;
    default:
      text = '';
  }
  // One character over the limit is enough for the server to report the cell as too long.
  return text.length > limits.maxCellLength ? text.slice(0, limits.maxCellLength + 1) : text;
}

/** Rows with content: { r: spreadsheet row number, cells }, trailing empty cells removed. */
function collect(rowsIn, limits) {
  const rows = [];
  let characters = 0;
  for (const { r, cells } of rowsIn) {
    let last = Math.min(cells.length, limits.maxColumns) - 1;
    while (last >= 0 && cells[last].trim() === '') last -= 1;
    if (last < 0) continue;
    const kept = cells.slice(0, last + 1);
    for (const text of kept) characters += text.length;
    if (characters > limits.maxCharacters) throw new SheetError('tooLarge');
    rows.push({ r, cells: kept });
    if (rows.length > limits.maxRows + 1) throw new SheetError('tooManyRows');
  }
  return rows;
}

function* workbookRows(data, limits) {
  let workbook;
  try {
    workbook = XLSX.read(data, {
      type: 'buffer',
      dense: true,
      sheets: 0,
      cellDates: false,
      cellNF: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellText: false,
      bookVBA: false,
      bookDeps: false,
      WTF: false,
    });
  } catch {
    throw new SheetError('unreadable');
  }
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet || !sheet['!ref']) return;
  const range = XLSX.utils.decode_range(sheet['!ref']);
  // Dense sheets of xlsx 0.18 keep row r at sheet[r] (later versions at sheet['!data'][r]).
  const dense = sheet['!data'] ?? sheet;
  const lastColumn = Math.min(range.e.c, range.s.c + limits.maxColumns * 4);
  for (let r = range.s.r; r <= range.e.r; r += 1) {
    const line = Object.hasOwn(dense, r) ? dense[r] : undefined;
    if (!Array.isArray(line)) continue;
    const cells = [];
    for (let c = 0; c <= lastColumn; c += 1) cells.push(cellText(line[c], limits));
    yield { r: r + 1, cells };
  }
}

function decodeText(data) {
  const bytes = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Excel's "CSV" on Windows writes the ANSI code page.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function* csvRows(data, limits) {
  const parsed = Papa.parse(decodeText(data), { skipEmptyLines: false, dynamicTyping: false });
  if (parsed.errors.some((error) => error.type === 'Quotes' && error.code === 'MissingQuotes')) throw new SheetError('unreadable');
  let r = 0;
  for (const record of parsed.data) {
    r += 1;
    const cells = Array.isArray(record) ? record.map((value) => cellText({ t: 's', v: value }, limits)) : [];
    yield { r, cells };
  }
}

function parse(task) {
  const data = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
  const rows = task.kind === 'csv' ? csvRows(data, task.limits) : workbookRows(data, task.limits);
  return { rows: collect(rows, task.limits) };
}

function template(task) {
  const workbook = XLSX.utils.book_new();
  for (const sheet of task.sheets) {
    const worksheet = XLSX.utils.aoa_to_sheet(sheet.rows);
    worksheet['!cols'] = sheet.rows[0].map((_, column) => ({
      wch: Math.min(60, Math.max(12, ...sheet.rows.map((row) => String(row[column] ?? '').length + 2))),
    }));
    XLSX.utils.book_append_sheet(workbook, worksheet, sheet.name);
  }
  const file = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true });
  return { file: new Uint8Array(file) };
}

/** What the sandbox looks like from inside (for the tests that prove the hardening holds). */
function probe() {
  const attempt = (work) => {
    try {
      work();
      return 'allowed';
    } catch {
      return 'refused';
    }
  };
  const victim = {};
  return {
    probe: {
      prototypesFrozen: [Object.prototype, Array.prototype, Function.prototype, String.prototype].every(Object.isFrozen),
      pollution: attempt(() => {
        victim.__proto__.polluted = 'yes';
      }),
      polluted: Object.prototype.polluted !== undefined || {}.polluted !== undefined,
      overrideStillWorks: attempt(() => {
        const own = {};
        own.toString = () => 'mine';
        if (String(own) !== 'mine') throw new Error('override lost');
      }),
      requireFs: attempt(() => require('fs')),
      requireChildProcess: attempt(() => require('child_process')),
      fetch: typeof globalThis.fetch,
      environment: Object.keys(process.env).length,
    },
  };
}

try {
  const task = workerData;
  const answer = task.type === 'template' ? template(task) : task.type === 'probe' ? probe() : parse(task);
  parentPort.postMessage({ ok: true, ...answer }, answer.file ? [answer.file.buffer] : []);
} catch (error) {
  parentPort.postMessage({ ok: false, code: error instanceof SheetError ? error.code : 'unreadable' });
}
