import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

// The gateway (pnpm dev / pnpm start) listens here and owns every server path below.
const gatewayUrl = 'http://localhost:3000';

// The browser's Origin goes through unchanged: `pnpm dev` starts the gateway with PUBLIC_ORIGIN
// set to this dev server (http://localhost:5173), the only origin its same-origin check accepts.
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: gatewayUrl },
  '/sitemap.xml': { target: gatewayUrl },
  '/robots.txt': { target: gatewayUrl },
  '/health': { target: gatewayUrl },
};

/**
 * Adds `<link rel="modulepreload">` for the home page's chunk to index.html. The home page is where
 * most visits start; without the hint its chunk would only be requested after the entry had run,
 * one round trip later.
 */
function preloadHomeRoute(): Plugin {
  let base = '/';
  return {
    name: 'jesus-walks:preload-home-route',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const home = chunks.find((chunk) =>
          chunk.facadeModuleId?.endsWith('/src/features/home/routes/home.tsx'),
        );
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!home || !entry) return undefined;
        const alreadyLoaded = new Set([entry.fileName, ...entry.imports]);
        return [home.fileName, ...home.imports]
          .filter((file) => !alreadyLoaded.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadHomeRoute()],
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
  },
});
