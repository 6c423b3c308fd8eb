/**
 * The shared records list kit: paging from page 0 with 20 rows a page, search per column (and
 * disabled with a reason), select-all of the page, the CSV export's content (formula cells
 * escaped), the upload panel's progress and its per-row report, the confirm dialog's focus, and
 * what a mirror page shows before its records are there.
 */
import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import { paths } from '../../../contract/paths';
import {
  allColumns,
  ConfirmDialog,
  MirrorStatus,
  Pager,
  RecordTable,
  readUploadAnswer,
  recordsCsv,
  recordsKitTexts,
  SearchBar,
  UploadPanel,
  useLocalSearch,
  usePaging,
  type Column,
} from '../../../src/kit';
import { button, byLabel, click, renderRoute, settle, submit, type, type Rendered } from './dom';

interface Row {
  id: string;
  name: string;
  section: string;
}

const rows: Row[] = Array.from({ length: 45 }, (_, index) => ({
  id: `r${index + 1}`,
  name: index < 30 ? `Class ${index + 1}` : `Hall ${index + 1}`,
  section: index % 2 === 0 ? 'A' : 'B',
}));
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', text: (row) => row.name },
  { key: 'section', header: 'Section', text: (row) => row.section },
];

function List({ disabledReason }: { disabledReason?: string }) {
  const [column, setColumn] = useState(allColumns);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const found = useLocalSearch(rows, columns, column, query);
  const paging = usePaging(found.rows, undefined, `${column}|${query}`);
  return (
    <>
      <SearchBar columns={columns} column={column} onColumnChange={setColumn} query={query} onQueryChange={setQuery} disabledReason={disabledReason} />
      <RecordTable caption="Rows" columns={columns} rows={paging.pageRows} getRowId={(row) => row.id} emptyText="Nothing here." selectedIds={selected} onSelectionChange={setSelected} />
      <Pager page={paging.page} pageCount={paging.pageCount} onPageChange={paging.setPage} total={paging.total} />
      <p data-testid="selected">{[...selected].join(',')}</p>
    </>
  );
}

let view: Rendered | undefined;

afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
});

const bodyNames = () => Array.from(view!.container.querySelectorAll('tbody th[scope="row"]')).map((cell) => cell.textContent);
const position = () => view!.container.querySelector('.rk-pager-position')?.textContent ?? '';
const pagerButton = (label: string) => view!.container.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;

describe('RecordTable, usePaging and Pager', () => {
  it('starts on page 0 with 20 rows, and the ends are disabled', async () => {
    view = await renderRoute('/', <List />, '/');
    expect(bodyNames()).toHaveLength(20);
    expect(bodyNames()[0]).toBe('Class 1');
    expect(bodyNames()[19]).toBe('Class 20');
    expect(position()).toContain('Page 1 of 3');
    expect(pagerButton(recordsKitTexts.pager.previousLabel).disabled).toBe(true);
    await click(pagerButton(recordsKitTexts.pager.nextLabel));
    await click(pagerButton(recordsKitTexts.pager.nextLabel));
    expect(position()).toContain('Page 3 of 3');
    expect(bodyNames()).toEqual(rows.slice(40).map((row) => row.name));
    expect(pagerButton(recordsKitTexts.pager.nextLabel).disabled).toBe(true);
    expect(view.container.querySelector('caption')?.textContent).toBe('Rows');
    expect(Array.from(view.container.querySelectorAll('thead th[scope="col"]')).map((cell) => cell.textContent)).toEqual(['', 'Name', 'Section']);
  });

  it('select-all selects the rows of the page shown, and only those', async () => {
    view = await renderRoute('/', <List />, '/');
    await click(view.container.querySelector<HTMLInputElement>(`input[aria-label="${recordsKitTexts.selectAll}"]`)!);
    expect(view.container.querySelector('[data-testid="selected"]')?.textContent?.split(',')).toEqual(rows.slice(0, 20).map((row) => row.id));
    await click(view.container.querySelector<HTMLInputElement>(`input[aria-label="${recordsKitTexts.selectRow({ label: 'Class 2' })}"]`)!);
    expect(view.container.querySelector('[data-testid="selected"]')?.textContent?.split(',')).not.toContain('r2');
  });
});

describe('SearchBar and useLocalSearch', () => {
  it('searches every column or one, case-insensitively, and goes back to page 0', async () => {
    view = await renderRoute('/', <List />, '/');
    await click(pagerButton(recordsKitTexts.pager.nextLabel));
    await type(byLabel(view.container, recordsKitTexts.search.label), 'HALL');
    await settle();
    expect(bodyNames()).toEqual(rows.slice(30).map((row) => row.name));
    expect(position()).toContain('Page 1 of 1');

    await type(byLabel(view.container, recordsKitTexts.search.label), 'b');
    await settle();
    // "All columns": section B matches as well as nothing in the names.
    expect(bodyNames()).toHaveLength(20);
    await type(byLabel<HTMLSelectElement>(view.container, recordsKitTexts.search.column), 'name');
    await settle();
    expect(bodyNames()).toEqual([]);
    expect(view.container.textContent).toContain('Nothing here.');
    await type(byLabel<HTMLSelectElement>(view.container, recordsKitTexts.search.column), 'section');
    await settle();
    expect(position()).toContain('Page 1 of 2');
  });

  it('is disabled with its reason shown', async () => {
    view = await renderRoute('/', <List disabledReason="Clear the class filter to search." />, '/');
    expect(byLabel(view.container, recordsKitTexts.search.label).disabled).toBe(true);
    expect(byLabel<HTMLSelectElement>(view.container, recordsKitTexts.search.column).disabled).toBe(true);
    expect(view.container.textContent).toContain('Clear the class filter to search.');
  });

  it('filters 3,000 rows per keystroke to the rows the query names', async () => {
    const many = Array.from({ length: 3000 }, (_, index) => ({ id: `s${index}`, name: `Student ${index} Sharma`, section: String(index % 7) }));
    let result: readonly Row[] = [];
    function Probe({ query }: { query: string }) {
      result = useLocalSearch(many, columns, allColumns, query).rows;
      return null;
    }
    view = await renderRoute('/', <Probe query="" />, '/');
    for (const query of ['s', 'st', 'stu', 'stud', 'student 29']) {
      await act(async () => view!.root.render(<Probe query={query} />));
    }
    await settle();
    expect(result.map((row) => row.id)).toEqual(['s29', ...Array.from({ length: 10 }, (_, i) => `s${290 + i}`), ...Array.from({ length: 100 }, (_, i) => `s${2900 + i}`)]);
  });
});

describe('recordsCsv', () => {
  it('writes the headers and the rows given, escaping cells a spreadsheet would run', async () => {
    const csv = await recordsCsv(columns, [
      { id: '1', name: '=HYPERLINK("http://x")', section: 'A' },
      { id: '2', name: '+91 98', section: '-1' },
      { id: '3', name: '@SUM(A1)', section: 'Rao, "Jr"' },
      { id: '4', name: 'VI', section: '' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Name,Section',
      `"'=HYPERLINK(""http://x"")",A`,
      `"'+91 98","'-1"`,
      `"'@SUM(A1)","Rao, ""Jr"""`,
      'VI,',
    ]);
  });
});

/** An XMLHttpRequest stand-in: records what was sent and answers when the test says. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  private listeners = new Map<string, (() => void)[]>();
  private uploadListeners: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void)[] = [];
  upload = {
    addEventListener: (_name: string, listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void) => {
      this.uploadListeners.push(listener);
    },
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(name: string, listener: () => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    for (const listener of this.listeners.get('abort') ?? []) listener();
  }
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners) listener({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    for (const listener of this.listeners.get('load') ?? []) listener();
  }
}

async function chooseFile(container: HTMLElement, file: File) {
  const input = byLabel(container, recordsKitTexts.upload.file);
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('UploadPanel', () => {
  it('sends the file with the session headers, shows progress, then the per-row report of a rejection', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    sessionStorage.setItem('currentTenantId', 'riverside');
    localStorage.setItem('jwtToken', 'token-1');
    view = await renderRoute('/', <UploadPanel entity="classes" />, '/');
    await chooseFile(view.container, new File(['className\nVI\n'], 'classes.csv', { type: 'text/csv' }));
    await submit(view.container.querySelector('form')!);
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(paths.classes.upload);
    expect(xhr.headers.Authorization).toBe('Bearer token-1');
    expect(xhr.headers['X-TenantID']).toBe('riverside');
    expect((xhr.body?.get('file') as File).name).toBe('classes.csv');
    expect(button(view.container, recordsKitTexts.upload.uploading).disabled).toBe(true);

    await act(async () => xhr.progress(40, 100));
    expect(view.container.querySelector('progress')?.getAttribute('value')).toBe('40');
    await act(async () => xhr.progress(100, 100));
    expect(view.container.textContent).toContain(recordsKitTexts.upload.processing);

    await act(async () =>
      xhr.answer(400, {
        success: false,
        message: messages.imports.rejected(2),
        data: {
          totalRows: 3,
          errorCount: 2,
          truncated: false,
          errors: [
            { row: 2, column: 'className', message: messages.records.fields.required('Class name') },
            { row: 4, column: 'classSection', message: messages.records.fields.tooLong('Section', 10) },
          ],
        },
      }),
    );
    expect(view.container.querySelector('progress')).toBeNull();
    expect(view.container.textContent).toContain(messages.imports.rejected(2));
    const report = Array.from(view.container.querySelectorAll('table tbody tr')).map((row) =>
      Array.from(row.children).map((cell) => cell.textContent),
    );
    expect(report).toEqual([
      ['2', 'className', messages.records.fields.required('Class name')],
      ['4', 'classSection', messages.records.fields.tooLong('Section', 10)],
    ]);
  });

  it('shows the spec message and the counts on success, and the server message on another 4xx', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const imported = vi.fn();
    view = await renderRoute('/', <UploadPanel entity="classes" onImported={imported} />, '/');
    await chooseFile(view.container, new File(['x'], 'classes.xlsx'));
    await submit(view.container.querySelector('form')!);
    await act(async () => FakeXhr.last!.answer(200, { success: true, message: messages.classes.uploaded, data: { totalRows: 3, created: 2, updated: 1, unchanged: 0 } }));
    expect(view.container.textContent).toContain(messages.classes.uploaded);
    expect(view.container.textContent).toContain(recordsKitTexts.upload.counts({ total: 3, created: 2, updated: 1, unchanged: 0 }));
    expect(imported).toHaveBeenCalledWith({ totalRows: 3, created: 2, updated: 1, unchanged: 0 });

    await chooseFile(view.container, new File(['x'], 'classes.xls'));
    await submit(view.container.querySelector('form')!);
    await act(async () => FakeXhr.last!.answer(413, { success: false, message: messages.imports.tooLarge(5), data: null }));
    expect(view.container.textContent).toContain(messages.imports.tooLarge(5));
  });

  it('downloads a template with the session headers and saves it under its name', async () => {
    localStorage.setItem('jwtToken', 'token-2');
    const requests: { url: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        requests.push({ url, headers: init.headers as Record<string, string> });
        return new Response('\ufeffclassName,classSection\r\n', { status: 200, headers: { 'content-type': 'text/csv' } });
      }),
    );
    const saved: string[] = [];
    const urlSpy = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:template');
    const clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    view = await renderRoute('/', <UploadPanel entity="students" />, '/');
    await click(button(view.container, recordsKitTexts.upload.templateCsv));
    await settle();
    expect(requests).toEqual([{ url: `${paths.students.template}?format=csv`, headers: expect.objectContaining({ Authorization: 'Bearer token-2', 'X-TenantID': expect.any(String) }) }]);
    expect(saved).toEqual(['students-template.csv']);
    clickSpy.mockRestore();
    urlSpy.mockRestore();
  });

  it('refuses a missing or wrong file before sending anything', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = undefined;
    view = await renderRoute('/', <UploadPanel entity="teachers" />, '/');
    await submit(view.container.querySelector('form')!);
    expect(view.container.textContent).toContain(messages.imports.selectFile);
    await chooseFile(view.container, new File(['x'], 'teachers.pdf'));
    await submit(view.container.querySelector('form')!);
    expect(view.container.textContent).toContain(messages.imports.wrongType);
    expect(FakeXhr.last).toBeUndefined();
  });
});

describe('readUploadAnswer', () => {
  it('reads a row report from a 422 as from the 400 the server sends today', () => {
    const body = JSON.stringify({
      success: false,
      message: messages.imports.rejected(1),
      data: { totalRows: 1, errorCount: 1, truncated: false, errors: [{ row: 2, column: 'className', message: 'x' }] },
    });
    for (const status of [400, 422]) {
      expect(readUploadAnswer('classes', status, body)).toEqual({
        kind: 'rejected',
        message: messages.imports.rejected(1),
        rejection: { totalRows: 1, errorCount: 1, truncated: false, errors: [{ row: 2, column: 'className', message: 'x' }] },
      });
    }
  });

  it('falls back to the spec message on a success without one, and to the status text without a body', () => {
    expect(readUploadAnswer('teachers', 200, '{"success":true,"data":{"totalRows":2,"created":2,"updated":0,"unchanged":0}}')).toMatchObject({
      kind: 'imported',
      message: messages.teachers.uploaded,
    });
    expect(readUploadAnswer('classes', 403, '')).toEqual({ kind: 'failed', message: messages.status[403] });
    expect(readUploadAnswer('classes', 200, '{"success":false}')).toEqual({ kind: 'failed', message: messages.classes.uploadServerFailure });
  });

  it('takes no answer the contract does not describe for an import (contract/imports.ts)', () => {
    expect(readUploadAnswer('students', 200, '{"success":true,"message":"Done","data":{"totalRows":"2"}}')).toEqual({ kind: 'failed', message: messages.network.unexpected });
    expect(readUploadAnswer('classes', 200, '{"success":true,"message":"Done","data":{}}')).toEqual({ kind: 'failed', message: messages.classes.uploadServerFailure });
    expect(readUploadAnswer('teachers', 200, '{"success":true,"data":null}')).toEqual({ kind: 'failed', message: messages.network.unexpected });
    // A refusal without its row report is told as the status says.
    expect(readUploadAnswer('classes', 400, '{"success":false,"message":"Bad file.","data":{"errors":"many"}}')).toEqual({ kind: 'failed', message: 'Bad file.' });
  });
});

describe('ConfirmDialog', () => {
  it('focuses the safe button, cancels on Escape and gives focus back', async () => {
    function Harness() {
      const [open, setOpen] = useState(false);
      const [answer, setAnswer] = useState('');
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete VI A
          </button>
          <p data-testid="answer">{answer}</p>
          <ConfirmDialog open={open} title="Delete class" confirmLabel="Delete" onConfirm={() => { setAnswer('yes'); setOpen(false); }} onCancel={() => { setAnswer('no'); setOpen(false); }}>
            Delete class VI A?
          </ConfirmDialog>
        </>
      );
    }
    view = await renderRoute('/', <Harness />, '/');
    const opener = button(view.container, 'Delete VI A');
    opener.focus();
    await click(opener);
    expect(document.activeElement?.textContent).toBe(recordsKitTexts.confirm.cancel);
    expect(document.querySelector('[role="alertdialog"]')?.textContent).toContain('Delete class VI A?');
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(view.container.querySelector('[data-testid="answer"]')?.textContent).toBe('no');
    expect(document.activeElement).toBe(opener);
  });
});

describe('MirrorStatus', () => {
  const text = { noEngine: 'This device cannot keep the school offline.', loading: 'Loading the school…' };

  it('says when there is no sync engine, announces loading while the mirror opens, and shows nothing once loaded', async () => {
    const shown = async (engine: unknown, loaded: boolean) => {
      const view = await renderRoute('/page', <MirrorStatus engine={engine} loaded={loaded} text={text} />, '/page');
      const status = view.container.querySelector('[role="status"]');
      const found = { text: view.container.textContent, status: status?.textContent ?? null };
      view.unmount();
      return found;
    };
    expect(await shown(null, false)).toEqual({ text: text.noEngine, status: null });
    expect(await shown({}, false)).toEqual({ text: text.loading, status: text.loading });
    expect(await shown({}, true)).toEqual({ text: '', status: null });
  });
});
