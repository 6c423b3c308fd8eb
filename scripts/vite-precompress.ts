/**
 * A Vite build plugin that writes Brotli (.br) and gzip (.gz) copies next to every hashed JS, CSS
 * and SVG file under assets/, so the server (@fastify/static with `preCompressed`) sends the
 * smallest encoding the browser accepts without compressing anything per request. index.html and
 * the service worker stay uncompressed (small, and never cached).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export function precompressAssets(): Plugin {
  return {
    name: 'kaksha-precompress-assets',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/^assets\/.+\.(js|css|svg)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
