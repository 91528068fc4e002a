// The image's migrate-only entry point, run by the Kubernetes Job `migrations` (infra/k8s):
//
//   node --import tsx /app/migrate.mjs       in the service's folder (the image's WORKDIR)
//
// Applies the service's pending migrations to DATABASE_URL the way its start-up does with
// RUN_MIGRATIONS=true (service-kit's migrateToLatest, under Kysely's migration lock), then exits:
// 0 when the schema is up to date, 1 otherwise. A service's folder has src/service.ts (its
// definition: name, schema, migrations); the gateway's has src/db/index.ts (its schema and migrations).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

async function migrate(folder, databaseUrl) {
  if (!databaseUrl) throw new Error('DATABASE_URL is not set');
  const serviceModule = join(folder, 'src/service.ts');
  const gatewayModule = join(folder, 'src/db/index.ts');
  let service;
  if (existsSync(serviceModule)) {
    ({ service } = await import(pathToFileURL(serviceModule).href));
  } else if (existsSync(gatewayModule)) {
    const { gatewaySchema, migrations } = await import(pathToFileURL(gatewayModule).href);
    service = { name: 'gateway', schema: gatewaySchema, migrations };
  } else {
    throw new Error(`${folder} has no migrations (neither src/service.ts nor src/db/index.ts)`);
  }
  // Resolved from the service's folder: the workspace packages are linked in its node_modules, not
  // next to this file.
  const kit = createRequire(join(folder, 'package.json')).resolve('@jesus-walks/service-kit/database');
  const { createDatabase, migrateToLatest } = await import(pathToFileURL(kit).href);
  const db = createDatabase({
    connectionString: databaseUrl,
    schema: service.schema,
    poolMax: 1,
    applicationName: `${service.name}-migrations`,
  });
  try {
    const applied = await migrateToLatest(db, service.schema, service.migrations);
    console.log(
      applied.length > 0
        ? `${service.name}: applied ${applied.join(', ')}`
        : `${service.name}: no pending migrations`,
    );
  } finally {
    await db.destroy();
  }
}

try {
  await migrate(process.cwd(), process.env.DATABASE_URL);
  // Explicit: a module of the service's graph may hold a timer or socket open.
  process.exit(0);
} catch (error) {
  console.error(`migrations failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
