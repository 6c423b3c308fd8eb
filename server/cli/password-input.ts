/**
 * Reading a password for a command-line tool without it ever being an argument (shell history, `ps`):
 * typed with echo off on a terminal, asked twice; or the first line of stdin when piped.
 */
import { createInterface } from 'node:readline';

/** Reads one line from a terminal without echoing it; Ctrl-C cancels. */
export function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const finish = (outcome: () => void) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stdout.write('\n');
      outcome();
    };
    function onData(chunk: string) {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish(() => resolve(value));
        if (char === '\u0003') return finish(() => reject(new Error('Cancelled.')));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    }
    stdin.on('data', onData);
  });
}

/** The first line of stdin (without its line ending), or '' when stdin is empty. */
export async function firstLineOfStdin(): Promise<string> {
  const lines = createInterface({ input: process.stdin, terminal: false, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

/** The password from a hidden prompt (typed twice) on a terminal, else from stdin's first line. */
export async function readPassword(label = 'Password'): Promise<string> {
  if (!process.stdin.isTTY) return firstLineOfStdin();
  const first = await askHidden(`${label}: `);
  const second = await askHidden(`Repeat ${label.toLowerCase()}: `);
  if (first !== second) throw new Error('The two passwords differ.');
  return first;
}
