import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// The gateway (pnpm dev / pnpm start) listens here and owns every server path below.
const gatewayUrl = 'http://localhost:3000';

// Host is kept as the browser sent it (no changeOrigin) so the gateway's same-origin check
// compares the Origin header with the host the browser actually talked to.
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: gatewayUrl },
  '/sitemap.xml': { target: gatewayUrl },
  '/robots.txt': { target: gatewayUrl },
  '/health': { target: gatewayUrl },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
