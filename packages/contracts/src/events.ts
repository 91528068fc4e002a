import { z } from 'zod';

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
