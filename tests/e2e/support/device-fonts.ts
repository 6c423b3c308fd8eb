/**
 * The fonts a test's browser finds on the device, whatever the machine has installed: none at all,
 * or Noto Sans Devanagari alone, as on a phone that reads Hindi (docs/i18n.md "Devanagari font").
 * Chromium finds a device's fonts through fontconfig, which reads the folder a configuration file
 * names; the Devanagari faces come from the package the app's own face comes from, as the TrueType
 * files a device installs (fontconfig would list a WOFF file, but Chromium does not draw from one).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

export type DeviceFonts = 'none' | 'devanagari';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const notoFiles = ['400', '600'].map((weight) =>
  path.join(root, 'node_modules', '@fontsource', 'noto-sans-devanagari', 'files', `noto-sans-devanagari-devanagari-${weight}-normal.woff`),
);

/** A WOFF 1.0 file as the OpenType font it wraps: its tables inflated where they were compressed. */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 file');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return { tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data: compLength < origLength ? inflateSync(stored) : stored };
  });
  const power = 2 ** Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(numTables * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    header.writeUInt32BE(table.tag, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

const configs = new Map<string, string>();

/**
 * A fontconfig file (for FONTCONFIG_FILE): the machine's fonts without any that draws Devanagari
 * (fontconfig lists such a font under the language hi), and for 'devanagari' Noto Sans Devanagari
 * in a folder of its own, whose files the configuration keeps by name.
 */
export function fontconfigFile(fonts: DeviceFonts, machineConfig = '/etc/fonts/fonts.conf'): string {
  const key = `${fonts} ${machineConfig}`;
  const made = configs.get(key);
  if (made) return made;
  const folder = mkdtempSync(path.join(tmpdir(), `kaksha-fonts-${fonts}-`));
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  const fontFolder = path.join(folder, 'fonts');
  mkdirSync(fontFolder);
  const kept = fonts === 'devanagari' ? notoFiles.map((file) => path.join(fontFolder, path.basename(file, '.woff') + '.ttf')) : [];
  kept.forEach((file, index) => writeFileSync(file, sfntOfWoff(readFileSync(notoFiles[index]!))));
  const config = path.join(folder, 'fonts.conf');
  writeFileSync(
    config,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">${machineConfig}</include>
  <dir>${fontFolder}</dir>
  <cachedir>${path.join(folder, 'cache')}</cachedir>
  <selectfont>
${kept.map((file) => `    <acceptfont><pattern><patelt name="file"><string>${file}</string></patelt></pattern></acceptfont>\n`).join('')}    <rejectfont><pattern><patelt name="lang"><string>hi</string></patelt></pattern></rejectfont>
  </selectfont>
</fontconfig>
`,
  );
  configs.set(key, config);
  return config;
}
