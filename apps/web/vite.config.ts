import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The gateway (pnpm dev / pnpm start) listens here and owns every server path below.
const gatewayUrl = 'http://localhost:3000';

// The browser's Origin goes through unchanged: `pnpm dev` starts the gateway with PUBLIC_ORIGIN
// set to this dev server (http://localhost:5173), the only origin its same-origin check accepts.
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: gatewayUrl },
  '/sitemap.xml': { target: gatewayUrl },
  '/robots.txt': { target: gatewayUrl },
  '/events.ics': { target: gatewayUrl },
  '/health': { target: gatewayUrl },
};

/** Where each page's code is imported in the router: `'/shop': lazyPage(() => import('@/features/...'),`. */
const PAGE_IMPORT = /'(\/[^']*)': lazyPage\(\s*\(\) => import\('@\/([^']+)'\)/g;

/**
 * Writes preloads.json beside the build, for the gateway:
 * - `app`: the app's modules that the entry imports once it starts it (src/app/start.tsx). A page
 *   that arrives as the shell starts the app at once, so the gateway asks for them in its head,
 *   with the entry, instead of one round trip after it.
 * - `routes`: for each route of the router, the chunks of its page that the app does not already
 *   load. The gateway lists them in the page it renders, and the entry asks for them together with
 *   the app (src/main.tsx), so a page's own code comes with the app, and no other page's does.
 */
function preloadLists(): Plugin {
  let base = '/';
  return {
    name: 'jesus-walks:preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      if (this.environment?.config.build.ssr) return;
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const entry = chunks.find((chunk) => chunk.isEntry);
      const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/start.tsx'));
      if (!entry || !app)
        return this.error('preloads: the entry or src/app/start.tsx is missing from the build');
      const appFiles = [app.fileName, ...app.imports].filter((file) => !entry.imports.includes(file));
      const loaded = new Set([entry.fileName, ...entry.imports, ...appFiles]);
      const router = readFileSync(fileURLToPath(new URL('./src/app/router.tsx', import.meta.url)), 'utf8');
      const routes: Record<string, string[]> = {};
      for (const [, route, module] of router.matchAll(PAGE_IMPORT)) {
        const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/src/${module}.tsx`));
        if (!route || !page) continue;
        routes[route] = [page.fileName, ...page.imports]
          .filter((file) => !loaded.has(file))
          .map((file) => `${base}${file}`);
      }
      const preloads = { app: appFiles.map((file) => `${base}${file}`), routes };
      this.emitFile({ type: 'asset', fileName: 'preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

/**
 * Brotli and gzip copies of the browser's assets at their best level, written once by the build:
 * the gateway serves them as they are (@fastify/static's preCompressed) instead of compressing each
 * answer on the fly at a fast, larger level. Not for the server render's bundle.
 */
function precompressedAssets(): Plugin {
  return {
    ...compression({
      include: /\.(js|css|svg|json)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  };
}

/**
 * The entry script at low fetch priority. A page arrives rendered (docs/decisions/019): its
 * content, stylesheet and images come first. At the default (high) priority Chrome treats the
 * script like a render-blocking one and lets it compete with the page's first paint. (The entry
 * imports the app itself once the page has painted, src/main.tsx.)
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'jesus-walks:low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replaceAll(
          '<script type="module" crossorigin',
          '<script type="module" fetchpriority="low" crossorigin',
        ),
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadLists(), lowPriorityScripts(), precompressedAssets()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Zod without eval, which the Content Security Policy forbids (src/lib/zod-without-eval.ts).
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url)),
      },
    ],
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  // The server render (src/entry-server.tsx, built into dist-server/ for the gateway) carries its
  // dependencies with it: the gateway imports one file and needs none of the web app's packages.
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the served build: the gateway serves dist as is.
    sourcemap: false,
    // Every browser the site supports preloads modules itself (Chrome 66, Firefox 115, Safari 17);
    // an older one simply fetches a route's modules as it imports them. The polyfill cost every
    // visitor's first script about 0.7 KB.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every component draws with, in one chunk rather than two: the class-name
              // helper and the icons' shared runtime (each icon stays in the chunks that use it).
              name: 'ui-base',
              test: /node_modules\/(clsx|tailwind-merge)\/|src\/lib\/cn\.ts|lucide-react\/dist\/esm\/(createLucideIcon|defaultAttributes|Icon|shared\/)/,
            },
          ],
        },
      },
    },
  },
});
