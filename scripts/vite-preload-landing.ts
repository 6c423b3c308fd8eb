/**
 * A Vite build plugin that lets the browser fetch the landing page's chunk (and its CSS and shared
 * chunks) together with the app's entry, instead of only after the entry has run and the router
 * has asked for it: `/` and `/home` are the first page most visitors see, and on a slow phone the
 * extra round trip is most of the wait for the first meaningful paint. Other pages pay ~15 KB.
 */
import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

const landingModule = /src\/features\/landing\/LandingPage\.tsx$/;

export function preloadLandingChunk(): Plugin {
  return {
    name: 'kaksha-preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((item): item is OutputChunk => item.type === 'chunk');
        const landing = chunks.find((chunk) => chunk.facadeModuleId && landingModule.test(chunk.facadeModuleId));
        if (!landing) return [];
        const entry = chunks.find((chunk) => chunk.isEntry);
        const already = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const scripts = [landing.fileName, ...landing.imports].filter((file) => !already.has(file));
        const styles = [...(landing.viteMetadata?.importedCss ?? [])];
        return [
          ...scripts.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...styles.map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', href: `/${file}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}
