/**
 * The 9 am burst's devices, in a process of their own so that sending 500 requests does not take
 * the server's event loop (500 phones would not): reads `{ base, tenant, requests }` as JSON on
 * stdin, posts every request at once, prints `{ wallMs, latencies, failed }` as JSON.
 */
import { headers } from '../../contract/headers';

interface BurstRequest {
  path: string;
  token: string;
  key: string;
  body: string;
}

interface BurstInput {
  base: string;
  tenant: string;
  requests: BurstRequest[];
}

async function readInput(): Promise<BurstInput> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as BurstInput;
}

const input = await readInput();
const latencies: number[] = [];
let failed = 0;
const started = performance.now();
await Promise.all(
  input.requests.map(async (request) => {
    const sent = performance.now();
    const response = await fetch(`${input.base}${request.path}`, {
      method: 'POST',
      headers: {
        [headers.tenant]: input.tenant,
        authorization: `Bearer ${request.token}`,
        [headers.idempotencyKey]: request.key,
        'content-type': 'application/json',
      },
      body: request.body,
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - sent);
    if (!response.ok) failed += 1;
  }),
);
process.stdout.write(JSON.stringify({ wallMs: performance.now() - started, latencies, failed }));
