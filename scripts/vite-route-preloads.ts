/**
 * A Vite build plugin that lets the browser fetch a public page's chunk (with its CSS and shared
 * chunks) together with the app's entry, instead of only after the entry has run and the router
 * has asked for it: on a slow phone that extra round trip is most of the wait for the first
 * meaningful paint. Which chunks a page needs is known only after bundling, so the build writes
 * `route-preloads.json` (path → files) and the server puts the right `<link>`s into index.html for
 * each path (server/static-app.ts). A page that is not listed (the signed-in areas, whose chunk
 * depends on the role) gets index.html as built: no preload, nothing fetched in vain.
 */
import type { Plugin, Rollup } from 'vite';
import { routePreloadsFile, type RoutePreloads } from '../server/route-preloads';

type OutputChunk = Rollup.OutputChunk;

/** Public pages and the module each one renders (src/app/routes.tsx). */
const publicPages: Record<string, RegExp> = {
  '/': /src\/features\/landing\/LandingPage\.tsx$/,
  '/home': /src\/features\/landing\/LandingPage\.tsx$/,
  '/login': /src\/features\/auth\/LoginPage\.tsx$/,
  '/register': /src\/features\/auth\/RegisterPage\.tsx$/,
  '/school-selection': /src\/features\/school-selection\/SchoolSelectionPage\.tsx$/,
  '/forgotpassword': /src\/features\/recovery\/ForgotPasswordPage\.tsx$/,
  '/otp': /src\/features\/recovery\/OtpPage\.tsx$/,
  '/terms-of-service': /src\/features\/policies\/TermsPage\.tsx$/,
  '/privacy-policy': /src\/features\/policies\/PrivacyPage\.tsx$/,
};

/** Pages a user signs in from: they prefetch the sync engine (server/route-preloads.ts). */
const signInPages = new Set(['/school-selection', '/login']);
const syncEngineModule = /\/sync\/index\.ts$/;

function preloadsOf(page: OutputChunk, chunks: Map<string, OutputChunk>, entry: OutputChunk) {
  const already = new Set([entry.fileName, ...entry.imports]);
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (already.has(chunk.fileName) || scripts.includes(chunk.fileName)) return;
    scripts.push(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const file of chunk.imports) {
      const next = chunks.get(file);
      if (next) visit(next);
    }
  };
  visit(page);
  return { scripts: scripts.map((file) => `/${file}`), styles: [...styles].map((file) => `/${file}`) };
}

export function routePreloads(): Plugin {
  return {
    name: 'kaksha-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((item): item is OutputChunk => item.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const preloads: RoutePreloads = {};
      for (const [path, module] of Object.entries(publicPages)) {
        const page = [...chunks.values()].find((chunk) => chunk.facadeModuleId && module.test(chunk.facadeModuleId));
        if (!page) this.error(`route-preloads: no chunk renders ${path}`);
        preloads[path] = preloadsOf(page, chunks, entry);
      }
      const engine = [...chunks.values()].find((chunk) => chunk.moduleIds.some((id) => syncEngineModule.test(id)));
      if (!engine) this.error('route-preloads: no chunk holds the sync engine (sync/index.ts)');
      const engineFiles = preloadsOf(engine, chunks, entry).scripts;
      for (const path of signInPages) {
        const page = preloads[path];
        if (page) page.prefetch = engineFiles.filter((file) => !page.scripts.includes(file));
      }
      this.emitFile({ type: 'asset', fileName: routePreloadsFile, source: JSON.stringify(preloads) });
    },
  };
}
