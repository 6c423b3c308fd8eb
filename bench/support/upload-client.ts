/**
 * The uploading teachers of bench/uploads.ts, in a process of their own so that sending 10 MB files
 * does not take the event loop that times the reads (a teacher's phone would not): reads
 * `{ base, tenant, token, uploads, together }` as JSON on stdin, sends the uploads `together` at a
 * time over node:http (lighter than fetch), each a PDF of exactly 10 MB of its own content, and
 * prints one answer per upload as JSON.
 */
import { createHash } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { headers } from '../../contract/headers';
import { homeworkPaths, maxAttachmentBytes } from '../../contract/homework';
import { onePagePdf } from '../../server/seed/homework-files';
import { multipart } from '../../tests/support/uploads';

interface UploadInput {
  base: string;
  tenant: string;
  token: string;
  /** The homework each upload goes to, and the number that makes its file's content its own. */
  uploads: { homeworkId: string; n: number }[];
  together: number;
}

export interface UploadAnswer {
  status: number;
  retryAfter: string | null;
  ms: number;
  homeworkId: string;
  attachmentId?: string;
  sha256: string;
}

/** A PDF of exactly the limit's size, its content its own (files are stored once per content). */
export function tenMegabytePdf(n: number): Buffer {
  const head = onePagePdf([`Scanned notes ${n}`]);
  return Buffer.concat([head, Buffer.alloc(maxAttachmentBytes - head.length, `scan ${n} `)]);
}

async function readInput(): Promise<UploadInput> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as UploadInput;
}

function upload(input: UploadInput, agent: Agent, homeworkId: string, n: number): Promise<UploadAnswer> {
  const data = tenMegabytePdf(n);
  const sha256 = createHash('sha256').update(data).digest('hex');
  const body = multipart(`notes-${n}.pdf`, data);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      new URL(homeworkPaths.attachments(homeworkId), input.base),
      {
        method: 'POST',
        agent,
        headers: { ...body.headers, 'content-length': body.payload.length, [headers.tenant]: input.tenant, authorization: `Bearer ${input.token}` },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { id?: string } | null };
          const retryAfter = response.headers['retry-after'];
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
            ms: performance.now() - started,
            homeworkId,
            attachmentId: json.data?.id,
            sha256,
          });
        });
      },
    );
    sent.on('error', reject);
    sent.end(body.payload);
  });
}

const input = await readInput();
const agent = new Agent({ keepAlive: true, maxSockets: input.together });
const answers: UploadAnswer[] = [];
for (let at = 0; at < input.uploads.length; at += input.together) {
  const batch = input.uploads.slice(at, at + input.together);
  answers.push(...(await Promise.all(batch.map(({ homeworkId, n }) => upload(input, agent, homeworkId, n)))));
}
agent.destroy();
process.stdout.write(JSON.stringify(answers));
