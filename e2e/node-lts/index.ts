import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The Node.js LTS binary the npm `node` package installed beside this file (its install script
 * fetches the platform's build from the npm registry, at `pnpm install`, never at run time).
 */
export const nodeLtsBinary = fileURLToPath(new URL('./node_modules/node/bin/node', import.meta.url));

/** Its version as declared here, e.g. '24.21.0': the images' Node major must match it. */
export const nodeLtsVersion: string = (
  JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    devDependencies: { node: string };
  }
).devDependencies.node;
