import { config } from 'zod/v4';

/**
 * The web app's `zod` (vite.config.ts points the bare specifier here): Zod as it is, with its
 * parsers built without `new Function`. Zod compiles object parsers with eval when it may; the
 * Content Security Policy forbids eval, so each attempt is a violation the browser reports
 * (Lighthouse counts it against best practices). The setting is read when a schema is built, so it
 * must be made before any contract module runs: every importer of `zod` runs after this module.
 */
config({ jitless: true });

export * from 'zod/v4';
