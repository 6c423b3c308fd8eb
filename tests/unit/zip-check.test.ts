// @vitest-environment node
/**
 * The one zip reader both uploads go through (server/module-kit/zip-check.ts): the spreadsheet
 * import's .xlsx and a homework's .docx. Each refusal is the caller's own error.
 */
import { describe, expect, it } from 'vitest';
import { endOfCentralDirectory, readZipDirectory, verifyZipEntries, type ZipLimits, type ZipRefusals } from '../../server/module-kit/zip-check';
import { zipFile } from '../support/uploads';

class Unreadable extends Error {}
class TooLarge extends Error {}
const refuse: ZipRefusals = { unreadable: () => new Unreadable(), unpackedTooLarge: () => new TooLarge() };
const limits: ZipLimits = { maxEntries: 10, maxUnpackedBytes: 4 * 1024 * 1024, maxEntryRatio: 250 };

const text = (value: string) => Buffer.from(value, 'utf8');
const honest = () =>
  zipFile([
    { name: '[Content_Types].xml', data: text('<Types/>') },
    { name: 'word/document.xml', data: text('<w:document>Homework</w:document>'), method: 0 },
  ]);

async function check(data: Buffer, at: ZipLimits = limits) {
  const entries = readZipDirectory(data, at, refuse);
  await verifyZipEntries(data, entries, refuse);
  return entries;
}

describe('zip check', () => {
  it('reads an honest zip: every entry by name, method and sizes', async () => {
    const entries = await check(honest());
    expect(entries.map(({ name, method, uncompressedSize }) => ({ name, method, uncompressedSize }))).toEqual([
      { name: '[Content_Types].xml', method: 8, uncompressedSize: 8 },
      { name: 'word/document.xml', method: 0, uncompressedSize: 33 },
    ]);
  });

  it('refuses bytes after the directory, and a directory signature that only stands in the data', async () => {
    await expect(check(Buffer.concat([honest(), Buffer.from('trailing')]))).rejects.toBeInstanceOf(Unreadable);
    const signature = Buffer.alloc(22);
    signature.writeUInt32LE(0x06054b50, 0);
    // An end record inside an entry, its "directory" pointing past it: no reader would take it.
    signature.writeUInt32LE(0xfff0, 16);
    const decoy = zipFile([{ name: 'a.txt', data: signature, method: 0 }]);
    expect(endOfCentralDirectory(decoy)).toBe(decoy.length - 22);
    expect(endOfCentralDirectory(signature)).toBeUndefined();
    await expect(check(Buffer.from('not a zip at all, just text'))).rejects.toBeInstanceOf(Unreadable);
  });

  it('refuses ZIP64, encrypted entries and unknown methods as unreadable', async () => {
    const zip64 = honest();
    zip64.writeUInt32LE(0xffffffff, zip64.length - 22 + 16);
    await expect(check(zip64)).rejects.toBeInstanceOf(Unreadable);

    const encrypted = honest();
    const directory = encrypted.readUInt32LE(encrypted.length - 22 + 16);
    encrypted.writeUInt16LE(0x1, directory + 8);
    await expect(check(encrypted)).rejects.toBeInstanceOf(Unreadable);

    const bzip2 = honest();
    bzip2.writeUInt16LE(12, directory + 10);
    await expect(check(bzip2)).rejects.toBeInstanceOf(Unreadable);
  });

  it('refuses too many entries, too much in all and an entry that lies about its size', async () => {
    const many = zipFile(Array.from({ length: 11 }, (_, i) => ({ name: `part${i}.xml`, data: text('<x/>') })));
    await expect(check(many)).rejects.toBeInstanceOf(TooLarge);

    const big = zipFile([{ name: 'zeros.bin', data: Buffer.alloc(5 * 1024 * 1024) }]);
    await expect(check(big)).rejects.toBeInstanceOf(TooLarge);
    // The same bytes are fine where the caller allows more.
    await expect(check(big, { ...limits, maxUnpackedBytes: 8 * 1024 * 1024, maxEntryRatio: 10_000 })).resolves.toHaveLength(1);

    const liar = zipFile([{ name: 'zeros.bin', data: Buffer.alloc(64 * 1024), declaredSize: 1024 }]);
    await expect(check(liar)).rejects.toBeInstanceOf(TooLarge);
    const short = zipFile([{ name: 'zeros.bin', data: Buffer.alloc(1024), declaredSize: 4096 }]);
    await expect(check(short)).rejects.toBeInstanceOf(Unreadable);
  });
});
