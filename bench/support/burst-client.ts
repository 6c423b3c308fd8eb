/**
 * The 9 am burst's devices, in a process of their own so that sending 500 requests does not take
 * the server's event loop (500 phones would not): reads `{ base, tenant, requests }` as JSON on
 * stdin, posts every request at once over its own connection (node:http, lighter than fetch, so the
 * load generator takes less of the machine's two cores), prints `{ wallMs, latencies, failed, clientCpuMs }`.
 */
import { Agent, request as httpRequest } from 'node:http';
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

function post(base: string, tenant: string, agent: Agent, one: BurstRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = Buffer.from(one.body);
    const sent = httpRequest(
      new URL(one.path, base),
      {
        method: 'POST',
        agent,
        headers: {
          [headers.tenant]: tenant,
          authorization: `Bearer ${one.token}`,
          [headers.idempotencyKey]: one.key,
          'content-type': 'application/json',
          'content-length': body.length,
          'accept-encoding': 'br, gzip',
        },
      },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

const input = await readInput();
const agent = new Agent({ keepAlive: true, maxSockets: input.requests.length });
const latencies: number[] = [];
let failed = 0;
const started = performance.now();
await Promise.all(
  input.requests.map(async (one) => {
    const sent = performance.now();
    const status = await post(input.base, input.tenant, agent, one);
    latencies.push(performance.now() - sent);
    if (status < 200 || status >= 300) failed += 1;
  }),
);
const wallMs = performance.now() - started;
agent.destroy();
const cpu = process.cpuUsage();
process.stdout.write(JSON.stringify({ wallMs, latencies, failed, clientCpuMs: (cpu.user + cpu.system) / 1000 }));
