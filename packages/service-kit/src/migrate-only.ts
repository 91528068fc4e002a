import { createDatabase, type Migrations, migrateToLatest } from './database';

export const MIGRATE_ONLY_FLAG = '--migrate-only';

/** Whether this process was started as `main.js --migrate-only`. */
export const migrateOnlyRequested = (argv: readonly string[] = process.argv) =>
  argv.includes(MIGRATE_ONLY_FLAG);

/**
 * A deployable's `main.js --migrate-only`, the command of the Kubernetes Job `migrations`
 * (infra/k8s): its pending migrations applied to DATABASE_URL the way its start-up applies them
 * with RUN_MIGRATIONS=true (under Kysely's migration lock), said in one line, then exit: 0 when
 * the schema is up to date, 1 otherwise. Needs DATABASE_URL only.
 */
export async function migrateOnly(deployable: {
  name: string;
  schema: string;
  migrations: Migrations;
}): Promise<never> {
  try {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) throw new Error('DATABASE_URL is not set');
    const db = createDatabase<unknown>({
      connectionString: databaseUrl,
      schema: deployable.schema,
      poolMax: 1,
      applicationName: `${deployable.name}-migrations`,
    });
    try {
      const applied = await migrateToLatest(db, deployable.schema, deployable.migrations);
      console.log(
        applied.length > 0
          ? `${deployable.name}: applied ${applied.join(', ')}`
          : `${deployable.name}: no pending migrations`,
      );
    } finally {
      await db.destroy();
    }
    // Explicit: a module of the deployable's graph may hold a timer or socket open.
    process.exit(0);
  } catch (error) {
    console.error(`migrations failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
