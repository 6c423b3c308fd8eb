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
import { fallbackLanguage, languageCodes } from '../contract/languages';
import { firstAreasOfPath } from '../contract/page-data';
import { routePreloadsFile, type RoutePreloads } from '../server/route-preloads';

type OutputChunk = Rollup.OutputChunk;

const cssModule = /\.css(\?|$)/;

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

/** Pages a user signs in from: they prefetch what signing in loads next (server/route-preloads.ts). */
const signInPages = new Set(['/school-selection', '/login']);

/**
 * What a signed-in user loads at once: the sync engine and its file sender (engine-host.ts), the
 * sync bar (RequireAuth.tsx) and the dashboard of either area (routes.tsx). Each dashboard is a
 * score of small chunks: at 3G the browser's six connections to one host took them in five round
 * trips (1.5 s) after sign-in, longer than the first pull page they wait for. A parent fetches the
 * staff dashboard in vain and a teacher the student one, about 12 KiB compressed either way.
 */
const afterSignIn: Record<string, RegExp> = {
  'the sync engine (sync/index.ts)': /\/sync\/index\.ts$/,
  'the file sender (sync-binding/file-sender.ts)': /\/src\/sync-binding\/file-sender\.ts$/,
  'the sync bar (sync-binding/SyncBar.tsx)': /\/src\/sync-binding\/SyncBar\.tsx$/,
  'the staff dashboard': /\/src\/features\/admin\/dashboard\/AdminDashboardPage\.tsx$/,
  'the student dashboard': /\/src\/features\/student\/dashboard\/StudentDashboardPage\.tsx$/,
};

function preloadsOf(page: OutputChunk, chunks: Map<string, OutputChunk>, entry: OutputChunk) {
  const already = new Set([entry.fileName, ...entry.imports]);
  const scripts: string[] = [];
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (already.has(chunk.fileName) || seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    // A chunk of styles only is dropped by Vite after this hook; its CSS file is what loads.
    if (!chunk.moduleIds.every((id) => cssModule.test(id))) scripts.push(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const file of chunk.imports) {
      const next = chunks.get(file);
      if (next) visit(next);
    }
  };
  visit(page);
  return { scripts: scripts.map((file) => `/${file}`), styles: [...styles].map((file) => `/${file}`) };
}

/** The chunks of each translated language's first areas (a `.po` module compiled into a chunk of its own). */
function firstCatalogs(chunks: Map<string, OutputChunk>, areas: readonly string[], fail: (message: string) => never): Record<string, string[]> {
  const byLanguage: Record<string, string[]> = {};
  for (const language of languageCodes.filter((code) => code !== fallbackLanguage)) {
    byLanguage[language] = areas.map((area) => {
      const module = new RegExp(`/src/i18n/locales/${language}/${area}\\.po$`);
      const chunk = [...chunks.values()].find((candidate) => candidate.facadeModuleId && module.test(candidate.facadeModuleId));
      return chunk ? `/${chunk.fileName}` : fail(`route-preloads: no chunk holds the ${language} ${area} catalog`);
    });
  }
  return byLanguage;
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
        const areas = firstAreasOfPath[path];
        if (areas) preloads[path].languages = firstCatalogs(chunks, areas, (message) => this.error(message));
      }
      const nextFiles = new Set<string>();
      for (const [what, module] of Object.entries(afterSignIn)) {
        const chunk = [...chunks.values()].find((candidate) => candidate.moduleIds.some((id) => module.test(id)));
        if (!chunk) this.error(`route-preloads: no chunk holds ${what}`);
        const files = preloadsOf(chunk, chunks, entry);
        for (const file of [...files.scripts, ...files.styles]) nextFiles.add(file);
      }
      for (const path of signInPages) {
        const page = preloads[path];
        if (page) page.prefetch = [...nextFiles].filter((file) => !page.scripts.includes(file) && !page.styles.includes(file));
      }
      this.emitFile({ type: 'asset', fileName: routePreloadsFile, source: JSON.stringify(preloads) });
    },
  };
}
