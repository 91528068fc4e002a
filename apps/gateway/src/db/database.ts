import type { ColumnType } from 'kysely';

/** The gateway's own schema: only what must be shared by its replicas. */
export interface GatewayDatabase {
  rateLimitCounts: {
    key: string;
    windowStart: ColumnType<Date, Date, Date>;
    hits: number;
  };
}

/** The schema the gateway owns (ARCHITECTURE.md section 2: one schema and role per deployable). */
export const gatewaySchema = 'gateway';
