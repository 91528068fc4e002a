import { GuestRegistrationSchema } from '@jesus-walks/contracts/events';
import { describe, expect, it } from 'vitest';
import { asksBeforeTheWalk, blankWalkForms, walkFormFieldOf, walkFormsBody } from './walk-forms';
import { checkSignature, walkFormFields } from './walk-forms-schema';

const both = { waiverRequired: true, askEmergencyContact: true };
const none = { waiverRequired: false, askEmergencyContact: false };

/** The guest form's checks for a walk, as its resolver builds them. */
function guestSchema(walk: typeof both) {
  return GuestRegistrationSchema.extend(walkFormFields(walk)).superRefine((guest, ctx) =>
    checkSignature(walk, { signedName: guest.signedName, fullName: guest.name }, ctx),
  );
}

/** The first message of each field, as the form shows it. */
function messagesOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[String(issue.path.at(-1))] ??= issue.message;
  return messages;
}

describe('what a walk asks before it, in the registration forms', () => {
  it('asks nothing of a walk that asks nothing', () => {
    expect(asksBeforeTheWalk(none)).toBe(false);
    expect(
      guestSchema(none).safeParse({ name: 'Ann Lee', email: 'ann@example.com', ...blankWalkForms }).success,
    ).toBe(true);
    expect(walkFormsBody(none, 4, { ...blankWalkForms, signedName: 'Ann Lee' })).toEqual({});
  });

  it('needs the full name typed as given, and an emergency contact with a phone number', () => {
    const guest = { name: 'Ann  Lee', email: 'ann@example.com' };
    expect(messagesOf(guestSchema(both).safeParse({ ...guest, ...blankWalkForms }))).toEqual({
      signedName: 'Type your full name to accept the waiver',
      contactName: 'Please enter the name of your emergency contact',
      contactPhone: "Please enter your emergency contact's phone number",
    });
    expect(
      messagesOf(
        guestSchema(both).safeParse({
          ...guest,
          ...blankWalkForms,
          signedName: 'Ann',
          contactName: 'Ben Lee',
          contactPhone: 'soon',
        }),
      ),
    ).toEqual({
      signedName: 'Type your full name exactly as given above (Ann  Lee)',
      contactPhone: 'Emergency contact phone must be a phone number, e.g. (707) 555-0123',
    });
    // Case and spaces aside, the same name.
    expect(
      guestSchema(both).safeParse({
        ...guest,
        signedName: ' ann lee ',
        contactName: 'Ben Lee',
        contactPhone: '(707) 555-0101',
        leaderNote: '',
      }).success,
    ).toBe(true);
  });

  it('sends the version read, the name typed and the contact; a blank note as none', () => {
    expect(
      walkFormsBody(both, 7, {
        signedName: ' Ann Lee ',
        contactName: 'Ben Lee ',
        contactPhone: '(707) 555-0101',
        leaderNote: '  ',
      }),
    ).toEqual({
      waiver: { versionId: 7, signedName: 'Ann Lee' },
      emergency: { contactName: 'Ben Lee', contactPhone: '(707) 555-0101', leaderNote: null },
    });
  });

  it('puts a refusal of the server beside its field', () => {
    expect(walkFormFieldOf(['body', 'waiver', 'signedName'])).toBe('signedName');
    expect(walkFormFieldOf(['body', 'emergency', 'contactPhone'])).toBe('contactPhone');
    expect(walkFormFieldOf(['body', 'email'])).toBeUndefined();
  });
});
