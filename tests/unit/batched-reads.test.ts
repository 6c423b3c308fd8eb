import { describe, expect, it } from 'vitest';
import { batchedReads } from '../../server/db/batched-reads';

/** A read that answers when told to, recording what it was asked. */
function controlledReads() {
  const asked: { group: string; keys: string[]; answer(rows: Record<string, string>): void; fail(error: Error): void }[] = [];
  const read = batchedReads<string>(
    (group, keys) =>
      new Promise((resolve, reject) =>
        asked.push({ group, keys, answer: (rows) => resolve(new Map(Object.entries(rows))), fail: reject }),
      ),
  );
  return { asked, read };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedReads', () => {
  it('reads alone at once; keys asked while two reads are out go together when one comes back', async () => {
    const { asked, read } = controlledReads();
    const first = read('greenvalley', 'u1');
    await settled();
    const second = read('greenvalley', 'u2');
    await settled();
    expect(asked.map((one) => one.keys)).toEqual([['u1'], ['u2']]);
    const later = ['u3', 'u4', 'u3'].map((key) => read('greenvalley', key));
    const elsewhere = read('riverside', 'u3');
    await settled();
    expect(asked).toHaveLength(2);
    asked[0]!.answer({ u1: 'Asha' });
    expect(await first).toBe('Asha');
    await settled();
    expect(asked.slice(2).map((one) => [one.group, one.keys])).toEqual([
      ['greenvalley', ['u3', 'u4']],
      ['riverside', ['u3']],
    ]);
    asked[2]!.answer({ u3: 'Ravi' });
    asked[3]!.answer({ u3: 'Meena' });
    expect(await Promise.all(later)).toEqual(['Ravi', undefined, 'Ravi']);
    expect(await elsewhere).toBe('Meena');
    asked[1]!.answer({});
    expect(await second).toBeUndefined();
  });

  it('a failed read fails each of its keys, and the next read goes on', async () => {
    const { asked, read } = controlledReads();
    const failing = read('greenvalley', 'u1');
    await settled();
    asked[0]!.fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    const next = read('greenvalley', 'u1');
    await settled();
    asked[1]!.answer({ u1: 'Asha' });
    expect(await next).toBe('Asha');
  });
});
