// Completes package-lock.json with the other platforms' optional native packages (rollup, the
// resolver used by eslint-plugin-import-x). The registry mirror this project is built against
// carries only linux-x64 builds, so `npm install` leaves those entries out and `npm ci` then
// refuses the lock as out of sync. An entry with os/cpu is skipped by npm ci on every other
// platform without a download, exactly as a lock written against the full registry would be.
// Run after `npm install` changes the lock: node scripts/lock-platform-packages.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const cpus = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 's390x', 'riscv64'];
const oses = { android: 'android', darwin: 'darwin', freebsd: 'freebsd', linux: 'linux', openbsd: 'openbsd', openharmony: 'openharmony', win32: 'win32' };

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const osIndex = parts.findIndex((p) => p in oses);
  if (osIndex < 0) return null;
  const rest = parts.slice(osIndex + 1);
  const cpu = cpus.find((c) => rest[0] === c || rest[0]?.startsWith(c)) ?? (rest[0] === 'arm' ? 'arm' : null);
  if (!cpu) return null;
  const abi = rest.slice(1).join('-');
  const entry = { os: [oses[parts[osIndex]]], cpu: [cpu] };
  if (parts[osIndex] === 'linux' && /musl/.test(abi)) entry.libc = ['musl'];
  else if (parts[osIndex] === 'linux' && /gnu/.test(abi)) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [key, meta] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const depKey = `node_modules/${dep}`;
    if (lock.packages[depKey] || dep === 'fsevents') continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[depKey] = { version, dev: meta.dev, optional: true, license: meta.license, ...platform };
    if (!meta.dev) delete lock.packages[depKey].dev;
    added += 1;
  }
  void key;
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform package entries added`);
