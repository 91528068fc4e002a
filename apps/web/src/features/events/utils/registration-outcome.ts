import type { Registration } from '@jesus-walks/contracts/events';
import { listInWords } from '@jesus-walks/contracts/words';
import { ApiError } from '@/lib/api-client';
import { formatEventPrice } from '@/lib/events/event-format';
import { peopleText } from '@/lib/events/party';

export interface Outcome {
  tone: 'success' | 'info' | 'error';
  title: string;
  description: string;
}

/** What a registration's answer means for the person who sent it (and the party they bring). */
export function registrationOutcome(registration: Registration, price: number): Outcome {
  if (registration.partySize > 1) return partyOutcome(registration, price);
  switch (registration.status) {
    case 'confirmed':
      return {
        tone: 'success',
        title: "You're registered!",
        description: "Your seat is saved and we've e-mailed you the details. See you on the trail!",
      };
    case 'pending_payment':
      return {
        tone: 'success',
        title: 'Your seat is reserved',
        description: `The price is ${formatEventPrice(price)}, paid on the day at check-in (cash or card). We've e-mailed you the details.`,
      };
    case 'waitlisted':
      return {
        tone: 'info',
        title: "You're on the waitlist",
        description: `This walk is full${registration.waitlistPosition ? `, so you are number ${registration.waitlistPosition} in line` : ''}. If a seat opens up it goes to the next in line, and we'll e-mail you right away.`,
      };
    case 'cancelled':
      return {
        tone: 'info',
        title: 'Registration cancelled',
        description: 'This registration is cancelled.',
      };
  }
}

/** The same for a party (decision 041): its seats are together, or it waits in line together. */
function partyOutcome(registration: Registration, price: number): Outcome {
  const people = peopleText(registration.partySize);
  const who = listInWords(['you', ...registration.party]);
  switch (registration.status) {
    case 'confirmed':
      return {
        tone: 'success',
        title: `You're registered, ${people}.`,
        description: `Your ${registration.partySize} seats are saved (${who}) and we've e-mailed you the details. See you on the trail!`,
      };
    case 'pending_payment':
      return {
        tone: 'success',
        title: `Your seats are reserved, ${people}.`,
        description: `The price is ${formatEventPrice(price)} per person, ${formatEventPrice(price * registration.partySize)} for the ${registration.partySize} of you, paid on the day at check-in (cash or card). We've e-mailed you the details.`,
      };
    case 'waitlisted':
      return {
        tone: 'info',
        title: `You're on the waitlist, ${people}.`,
        description: `There are not ${registration.partySize} seats free, so your party waits in line together${registration.waitlistPosition ? `, number ${registration.waitlistPosition} in line` : ''}. When ${registration.partySize} seats open up, your whole party has them and we'll e-mail you right away.`,
      };
    case 'cancelled':
      return {
        tone: 'info',
        title: 'Registration cancelled',
        description: 'This registration is cancelled.',
      };
  }
}

/** What a failed registration means: already registered, closed, or something to try again. */
export function registrationFailure(error: unknown): Outcome {
  if (error instanceof ApiError) {
    if (error.status === 409 && error.code === 'waiver_changed') {
      return {
        tone: 'info',
        title: 'The waiver has changed',
        description:
          error.serverMessage ??
          'The waiver was updated. Please read the current waiver and accept it again.',
      };
    }
    if (error.status === 409) {
      return {
        tone: 'info',
        title: "You're already registered",
        description: error.serverMessage ?? 'You are already registered for this event.',
      };
    }
    if (error.status === 422 || error.status === 404) {
      return {
        tone: 'error',
        title: 'Registration is closed',
        description: error.serverMessage ?? 'This event is no longer open for registration.',
      };
    }
    if (error.status === 400) {
      return {
        tone: 'error',
        title: 'Please check your details',
        description: error.serverMessage ?? 'Some of the details are not valid.',
      };
    }
  }
  return {
    tone: 'error',
    title: 'Registration failed',
    description: "We couldn't complete your registration. Please try again.",
  };
}
