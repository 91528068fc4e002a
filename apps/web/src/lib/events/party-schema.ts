import { PartySchema } from '@jesus-walks/contracts/events';
import { z } from 'zod';

/*
 * The check of a party as the forms type it (decision 041), with the contract's messages. Imported
 * with the forms' own checks (lazily on server-rendered pages), never by the page's first scripts.
 */

/**
 * The form's rows (`party.0.name`, ...) checked by the contract's PartySchema: a message about one
 * name goes under its input, one about the whole party (too many) under the list.
 */
export const partyFormField = z.array(z.object({ name: z.string() })).superRefine((rows, ctx) => {
  const checked = PartySchema.safeParse(rows.map((row) => row.name));
  if (checked.success) return;
  for (const issue of checked.error.issues) {
    const index = issue.path[0];
    ctx.addIssue({
      code: 'custom',
      message: issue.message,
      path: typeof index === 'number' ? [index, 'name'] : [],
    });
  }
});
