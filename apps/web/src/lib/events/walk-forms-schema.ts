import {
  EmergencyDetailsSchema,
  GuestRegistrationSchema,
  WaiverAcceptanceSchema,
} from '@jesus-walks/contracts/events';
import { signatureMatches } from '@jesus-walks/contracts/waivers';
import { z } from 'zod';
import { partyFormField } from './party-schema';
import { asksBeforeTheWalk, type WalkAsks } from './walk-forms';

/*
 * The checks of what a walk asks before it, with the contract's messages (decision 038). Imported
 * with the forms' own checks (lazily on server-rendered pages), never by the page's first scripts.
 */

const emergency = EmergencyDetailsSchema.shape;

/** The fields the walk asks for, checked; the others are taken as typed (and not sent). */
export function walkFormFields(walk: WalkAsks) {
  return {
    signedName: walk.waiverRequired ? WaiverAcceptanceSchema.shape.signedName : z.string(),
    contactName: walk.askEmergencyContact ? emergency.contactName : z.string(),
    contactPhone: walk.askEmergencyContact ? emergency.contactPhone : z.string(),
    leaderNote: z.string().trim().max(1000, 'The note for the leader cannot exceed 1000 characters'),
  };
}

/** The typed signature must be the full name given in the same form (case and spaces aside). */
export function checkSignature(
  walk: WalkAsks,
  values: { signedName: string; fullName: string },
  ctx: z.RefinementCtx,
): void {
  if (!walk.waiverRequired || values.signedName.trim() === '' || values.fullName.trim() === '') return;
  if (!signatureMatches(values.signedName, values.fullName)) {
    ctx.addIssue({
      code: 'custom',
      path: ['signedName'],
      message: `Type your full name exactly as given above (${values.fullName.trim()})`,
    });
  }
}

/**
 * A member's registration form: for a walk that asks something, their full name and what the walk
 * asks, the signature matching the name; and who else comes (decision 041). Built here, where Zod
 * is imported statically: a dynamic `import('zod')` would keep every export of Zod (its locales
 * included) in the bundle.
 */
export function memberWalkFormsSchema(walk: WalkAsks) {
  return z
    .object({
      fullName: asksBeforeTheWalk(walk) ? GuestRegistrationSchema.shape.name : z.string(),
      ...walkFormFields(walk),
      party: partyFormField,
    })
    .superRefine((member, ctx) => checkSignature(walk, member, ctx));
}
