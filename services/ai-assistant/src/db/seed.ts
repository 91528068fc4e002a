import type { Insertable, Kysely } from 'kysely';
import { seedKnowledge } from '../modules/knowledge/knowledge.service';
import type { AiAssistantDatabase, ModelConfigsTable } from './database';

/** The model configs every installation starts with; the built-in one needs no provider key. */
export const defaultModelConfigs: ReadonlyArray<Insertable<ModelConfigsTable>> = [
  {
    name: 'Trail Guide (built-in)',
    provider: 'local',
    modelId: 'trail-guide',
    temperature: 0.7,
    maxTokens: 1000,
    active: true,
  },
];

/**
 * Demo data for the standalone mode; must be idempotent. Default model configs are upserted by
 * name: provider and model id follow the code, while what an admin tunes (active, temperature,
 * max tokens) is left as it is on later runs.
 */
export async function seed(db: Kysely<AiAssistantDatabase>): Promise<void> {
  for (const config of defaultModelConfigs) {
    await db
      .insertInto('modelConfigs')
      .values(config)
      .onConflict((oc) =>
        oc.column('name').doUpdateSet((eb) => ({
          provider: eb.ref('excluded.provider'),
          modelId: eb.ref('excluded.modelId'),
        })),
      )
      .execute();
  }
  await seedKnowledge({ db });
}
