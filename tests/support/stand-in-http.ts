/**
 * What the stand-ins of outside services on loopback (FCM, Razorpay) share: reading a request's
 * body and answering JSON.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function answer(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}
