import { z } from 'zod';
import type { RouteContract } from './route-contract';

/** Event as listed to the client (SPEC.md section 3 "Event (list)"). */
export const EventSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  date: z.string(),
  location: z.string(),
  description: z.string(),
});
export type EventSummary = z.infer<typeof EventSummarySchema>;

/** Routes of this domain in the route table (route-table.ts). */
export const eventRoutes = [] as const satisfies readonly RouteContract[];
