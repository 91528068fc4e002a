import {
  type AdminEvent,
  DEFAULT_DAY_REMINDER_TIME,
  DEFAULT_EARLY_REMINDER_DAYS,
  type EventInput,
  EventInputSchema,
  type MeetingPoint,
  MeetingPointSchema,
} from '@jesus-walks/contracts/events';
import { z } from 'zod';
import { isoToValleyLocal, isValleyLocal, valleyLocalToIso } from './valley-time';

const fields = EventInputSchema.shape;

/** A number field as typed: required, then the contract's own rules and messages. */
function numberField(label: string, rule: z.ZodNumber) {
  return z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .pipe(z.coerce.number<string>({ error: `${label} must be a number` }).pipe(rule));
}

/** An optional number field as typed: blank is none, then the contract's own rules and messages. */
function optionalNumberField<Rule extends z.ZodType<unknown, number | null | undefined>>(
  label: string,
  rule: Rule,
) {
  return z
    .string()
    .trim()
    .transform((text, ctx): number | null | undefined => {
      if (text === '') return null;
      const value = Number(text);
      if (Number.isNaN(value)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
        return z.NEVER;
      }
      return value;
    })
    .pipe(rule);
}

/** Hours as typed ('2.5', or '2:30'), in minutes; null when blank or not hours. */
export function hoursToMinutes(text: string): number | null {
  const clock = /^(\d+):([0-5]\d)$/.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const hours = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  return Number.isNaN(hours) ? null : Math.round(hours * 60);
}

/** Minutes as the form shows them in hours: 120 -> '2', 150 -> '2:30'. */
function minutesToHours(minutes: number): string {
  const rest = minutes % 60;
  return rest === 0 ? String(minutes / 60) : `${Math.floor(minutes / 60)}:${String(rest).padStart(2, '0')}`;
}

export const COORDINATES_FORMAT =
  'Enter the latitude and longitude separated by a comma, e.g. 38.6528, -122.5999';

/**
 * The meeting point as one field, 'latitude, longitude': what Google Maps copies when a point is
 * pressed or right-clicked, so the admin pastes it in one go. Blank is none.
 */
const meetingPointField = z
  .string()
  .trim()
  .transform((text, ctx): MeetingPoint | null => {
    if (text === '') return null;
    const match = /^(-?\d+(?:\.\d+)?)\s*[,\s]\s*(-?\d+(?:\.\d+)?)$/.exec(text);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: COORDINATES_FORMAT });
      return z.NEVER;
    }
    const point = MeetingPointSchema.safeParse({ latitude: Number(match[1]), longitude: Number(match[2]) });
    if (!point.success) {
      // The contract's message ('Latitude must be between -90 and 90'), on the one field.
      ctx.addIssue({ code: 'custom', message: point.error.issues[0]?.message ?? COORDINATES_FORMAT });
      return z.NEVER;
    }
    return point.data;
  });

/** A blank text is none. */
const noneIfBlank = (text: string | null | undefined) => text || null;

/**
 * The admin's event form: every field as typed, checked with EventInputSchema's messages (contracts
 * /events.ts). The date and time are the valley's wall clock (a datetime-local value); the image
 * URL may be left blank.
 */
export const eventFormSchema = z.object({
  title: fields.title,
  description: fields.description,
  location: fields.location,
  when: z
    .string()
    .min(1, 'Date and time are required')
    .pipe(z.string().refine(isValleyLocal, 'Please enter a valid date and time')),
  capacity: numberField('Capacity', fields.capacity),
  price: numberField('Price', fields.price),
  imageUrl: z
    .string()
    .trim()
    .transform((value): string | null | undefined => (value === '' ? null : value))
    .pipe(fields.imageUrl),
  // Trail details: each may be left blank.
  distanceMiles: optionalNumberField('Distance', fields.distanceMiles),
  elevationGainFeet: optionalNumberField('Elevation gain', fields.elevationGainFeet),
  difficulty: z
    .string()
    .transform((value): string | null | undefined => (value === '' ? null : value))
    .pipe(fields.difficulty),
  /** Typed in hours ('2.5' or '2:30'); minutes once read. */
  duration: z
    .string()
    .trim()
    .transform((text, ctx): number | null | undefined => {
      if (text === '') return null;
      const minutes = hoursToMinutes(text);
      if (minutes === null) {
        ctx.addIssue({ code: 'custom', message: 'Duration is in hours, e.g. 2.5 or 2:30' });
        return z.NEVER;
      }
      return minutes;
    })
    .pipe(fields.durationMinutes),
  minimumAge: optionalNumberField('Minimum age', fields.minimumAge),
  familyFriendly: z.boolean(),
  dogsAllowed: z.boolean(),
  // Before the walk (decision 038): the waiver, and an emergency contact with a note for the leader.
  waiverRequired: z.boolean(),
  askEmergencyContact: z.boolean(),
  meetingPoint: meetingPointField,
  accessibilityNotes: fields.accessibilityNotes.unwrap().unwrap(),
  whatToBring: fields.whatToBring.unwrap().unwrap(),
  // The leader's contact for the day: admins only.
  leaderContactName: fields.leaderContactName.unwrap().unwrap(),
  leaderContactPhone: z
    .string()
    .trim()
    .transform((value): string | null | undefined => (value === '' ? null : value))
    .pipe(fields.leaderContactPhone),
  /** A paid walk's refund deadline in days before it; blank: until it starts. */
  refundCutoffDays: optionalNumberField('Refund deadline', fields.refundCutoffDays),
  // Reminders: blank is none.
  earlyReminderDays: optionalNumberField('Days before', fields.earlyReminderDays),
  dayReminderTime: z
    .string()
    .trim()
    .transform((value): string | null | undefined => (value === '' ? null : value.slice(0, 5)))
    .pipe(fields.dayReminderTime),
});
export type EventFormValues = z.input<typeof eventFormSchema>;
export type EventFormOutput = z.output<typeof eventFormSchema>;

export const blankEventForm: EventFormValues = {
  title: '',
  description: '',
  location: '',
  when: '',
  capacity: '20',
  price: '0',
  imageUrl: '',
  distanceMiles: '',
  elevationGainFeet: '',
  difficulty: '',
  duration: '',
  minimumAge: '',
  familyFriendly: false,
  dogsAllowed: false,
  waiverRequired: false,
  askEmergencyContact: false,
  meetingPoint: '',
  accessibilityNotes: '',
  whatToBring: '',
  leaderContactName: '',
  leaderContactPhone: '',
  refundCutoffDays: '',
  earlyReminderDays: String(DEFAULT_EARLY_REMINDER_DAYS),
  dayReminderTime: DEFAULT_DAY_REMINDER_TIME,
};

const textOf = (value: number | string | null) => (value === null ? '' : String(value));

/** The form filled in with an event, its date as the valley's wall clock. */
export function eventFormDefaults(event: AdminEvent): EventFormValues {
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    when: isoToValleyLocal(event.date),
    capacity: String(event.capacity),
    price: String(event.price),
    imageUrl: event.imageUrl ?? '',
    distanceMiles: textOf(event.distanceMiles),
    elevationGainFeet: textOf(event.elevationGainFeet),
    difficulty: event.difficulty ?? '',
    duration: event.durationMinutes === null ? '' : minutesToHours(event.durationMinutes),
    minimumAge: textOf(event.minimumAge),
    familyFriendly: event.familyFriendly,
    dogsAllowed: event.dogsAllowed,
    waiverRequired: event.waiverRequired,
    askEmergencyContact: event.askEmergencyContact,
    meetingPoint: event.meetingPoint ? `${event.meetingPoint.latitude}, ${event.meetingPoint.longitude}` : '',
    accessibilityNotes: event.accessibilityNotes ?? '',
    whatToBring: event.whatToBring ?? '',
    leaderContactName: textOf(event.leaderContactName),
    leaderContactPhone: textOf(event.leaderContactPhone),
    refundCutoffDays: textOf(event.refundCutoffDays),
    earlyReminderDays: textOf(event.earlyReminderDays),
    dayReminderTime: textOf(event.dayReminderTime),
  };
}

/** What POST /api/events and PUT /api/events/{id} get: the instant of the valley's date and time. */
export function toEventInput(values: EventFormOutput): EventInput {
  return {
    title: values.title,
    description: values.description,
    location: values.location,
    date: valleyLocalToIso(values.when),
    capacity: values.capacity,
    price: values.price,
    imageUrl: values.imageUrl ?? null,
    distanceMiles: values.distanceMiles ?? null,
    elevationGainFeet: values.elevationGainFeet ?? null,
    difficulty: values.difficulty ?? null,
    durationMinutes: values.duration ?? null,
    minimumAge: values.minimumAge ?? null,
    familyFriendly: values.familyFriendly,
    dogsAllowed: values.dogsAllowed,
    waiverRequired: values.waiverRequired,
    askEmergencyContact: values.askEmergencyContact,
    meetingPoint: values.meetingPoint,
    accessibilityNotes: noneIfBlank(values.accessibilityNotes),
    whatToBring: noneIfBlank(values.whatToBring),
    leaderContactName: noneIfBlank(values.leaderContactName),
    leaderContactPhone: values.leaderContactPhone ?? null,
    refundCutoffDays: values.refundCutoffDays ?? null,
    earlyReminderDays: values.earlyReminderDays ?? null,
    dayReminderTime: values.dayReminderTime ?? null,
  };
}
