import { type Event, type EventInput, EventInputSchema } from '@jesus-walks/contracts/events';
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
};

/** The form filled in with an event, its date as the valley's wall clock. */
export function eventFormDefaults(event: Event): EventFormValues {
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    when: isoToValleyLocal(event.date),
    capacity: String(event.capacity),
    price: String(event.price),
    imageUrl: event.imageUrl ?? '',
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
  };
}
