// The image's HEALTHCHECK (no curl in the slim image):
//
//   node /app/healthcheck.mjs [path]     path defaults to /health/live
//
// Exits 0 when the deployable answers 2xx on 127.0.0.1 within 4 seconds, 1 otherwise. The port is PORT,
// else the deployable's default port (SERVICE is set by the image).
import { pathToFileURL } from 'node:url';

/** Same as defaultPorts in packages/contracts/src/services.ts (infra/compose.test.ts keeps them equal). */
export const defaultPorts = {
  gateway: 3000,
  identity: 3001,
  'catalog-and-orders': 3002,
  payments: 3003,
  'content-and-events': 3004,
  seo: 3005,
  'ai-assistant': 3006,
};

export function healthUrl(env, path = '/health/live') {
  const port = env.PORT || defaultPorts[env.SERVICE];
  if (!port) throw new Error(`no PORT, and SERVICE=${env.SERVICE} has no default port`);
  return `http://127.0.0.1:${port}${path}`;
}

const runAsScript = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runAsScript) {
  fetch(healthUrl(process.env, process.argv[2]), { signal: AbortSignal.timeout(4000) }).then(
    (response) => process.exit(response.ok ? 0 : 1),
    () => process.exit(1),
  );
}
