import type { EmergencyDetails, Event, WaiverAcceptance } from '@jesus-walks/contracts/events';

/*
 * What a walk asks of its walkers before it (decision 038), as the registration and checkout forms
 * take it: the waiver accepted by typing the full name, and an emergency contact with a note for
 * the leader. Without Zod: the forms' checks are in walk-forms-schema.ts, loaded with them.
 */

export type WalkAsks = Pick<Event, 'waiverRequired' | 'askEmergencyContact'>;

/** The fields as typed. */
export interface WalkFormsValues {
  signedName: string;
  contactName: string;
  contactPhone: string;
  leaderNote: string;
}

export const blankWalkForms: WalkFormsValues = {
  signedName: '',
  contactName: '',
  contactPhone: '',
  leaderNote: '',
};

export const walkFormFieldNames = ['signedName', 'contactName', 'contactPhone', 'leaderNote'] as const;
export type WalkFormFieldName = (typeof walkFormFieldNames)[number];

/** Whether the walk asks anything before it. */
export function asksBeforeTheWalk(walk: WalkAsks): boolean {
  return walk.waiverRequired || walk.askEmergencyContact;
}

/**
 * The part of a registration's (or a checkout's) body the walk asks for: the waiver version read
 * and the name typed, and the emergency details. Nothing the walk does not ask.
 */
export function walkFormsBody(
  walk: WalkAsks,
  waiverId: number | undefined,
  values: WalkFormsValues,
): { waiver?: WaiverAcceptance; emergency?: EmergencyDetails } {
  return {
    ...(walk.waiverRequired && waiverId !== undefined
      ? { waiver: { versionId: waiverId, signedName: values.signedName.trim() } }
      : {}),
    ...(walk.askEmergencyContact
      ? {
          emergency: {
            contactName: values.contactName.trim(),
            contactPhone: values.contactPhone.trim(),
            leaderNote: values.leaderNote.trim() || null,
          },
        }
      : {}),
  };
}

/** The form field a server issue names (`['body', 'waiver', 'signedName']` -> 'signedName'), if one of these. */
export function walkFormFieldOf(path: readonly (string | number)[]): WalkFormFieldName | undefined {
  const field = path.at(-1);
  return walkFormFieldNames.find((name) => name === field);
}
