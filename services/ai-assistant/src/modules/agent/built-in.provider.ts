import type { AssistantContext, MemberOrder } from '@jesus-walks/contracts/assistant';
import type { Event, WalkDifficulty } from '@jesus-walks/contracts/events';
import { VALLEY_TIME_ZONE } from '@jesus-walks/contracts/orders';
import type { Product } from '@jesus-walks/contracts/products';
import type { KnowledgeHit } from '../knowledge/knowledge.types';
import type { Answer, OrdersLookup, Provider, Question } from './agent.types';

/** The model badge of the built-in provider: retrieval, no language model, nothing downloaded. */
export const BUILT_IN_MODEL = 'built-in retrieval';
export const BUILT_IN_PROVIDER = 'built-in';

/** Words that say nothing about what is asked (the search's own English stop words come on top). */
const stopWords = new Set(
  `a an and are as at be but by can could do does for from had has have how i if in into is it its me
  my of on or our please recommend should so some tell than that the their them then there these they
  this to us was we what when where which who why will with would you your good best get give know
  like want need any about just also much many well make made`.split(/\s+/),
);

/** The words of a message worth searching for (lower case, letters and digits, at most 20). */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => word.length >= 2 && !stopWords.has(word)))].slice(0, 20);
}

const orderIntent =
  /\b(track(ing)?|where('| i)?s my|status of my|my (orders?|package|parcel|purchase|delivery|shipment)|orders?\s*(no\.?|number|#)?\s*#?\d+)\b|#\d+/i;
const orderMention = /\b(orders?|package|parcel|shipment|shipped|delivered)\b/i;
const eventIntent =
  /\b(events?|upcoming|coming up|next (walk|hike|event)s?|schedule|calendar|seats?|when is|when's|this (week|weekend|month)|(any|which|what) (walks?|hikes?))\b/i;
const joinIntent = /\b(join|register|sign up|attend|come along)\b/i;
const shopIntent = /\b(shop|store|merch(andise)?|buy|sell|sells|products?|in stock)\b/i;
const priceCap = /\b(?:under|below|less than|up to|max(?:imum)?)\s*\$?\s*(\d{1,6})/i;

/** Roughly four characters a token: what the built-in provider reports as usage. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

const money = (value: number | string) => `$${Number(value).toFixed(2)}`;

function day(iso: string, withTime = false): string {
  return new Date(iso).toLocaleString('en-US', {
    timeZone: VALLEY_TIME_ZONE,
    weekday: withTime ? 'short' : undefined,
    month: 'short',
    day: 'numeric',
    year: withTime ? undefined : 'numeric',
    ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
  });
}

const statusText: Record<MemberOrder['status'], string> = {
  pending: 'pending (waiting for payment)',
  paid: 'paid (we are getting it ready)',
  processing: 'processing (being packed in Napa)',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

function describeOrder(order: MemberOrder): string {
  const items = order.items.map((item) => `${item.name} x${item.quantity}`).join(', ');
  const parts = [`- Order #${order.id} (placed ${day(order.createdAt)}): ${statusText[order.status]}`];
  if (items) parts.push(items);
  parts.push(`total ${money(order.total)}`);
  if (order.trackingNumber) {
    parts.push(`tracking ${order.carrier ? `${order.carrier} ` : ''}${order.trackingNumber}`);
  }
  if (order.estimatedDeliveryDate && order.status === 'shipped') {
    parts.push(`expected ${day(order.estimatedDeliveryDate)}`);
  }
  return parts.join('; ');
}

const statusPage =
  "Each order's confirmation e-mail also has a link to its status page (/orders/status), with the items, tracking and delivery estimate.";

/** The orders part of an answer: only ever the caller's own orders. */
function ordersAnswer(message: string, lookup: OrdersLookup): string | null {
  if (lookup.kind === 'guest') return null;
  if (lookup.kind === 'unavailable') {
    return `I can't reach our order records right now, so I can't look up your orders. Please try again in a few minutes. ${statusPage}`;
  }
  const { orders } = lookup;
  const asked = /(?:orders?\s*(?:no\.?|number|#)?\s*#?|#)(\d{1,10})/i.exec(message)?.[1];
  if (asked) {
    const order = orders.find((candidate) => candidate.id === Number(asked));
    if (!order) {
      return `I couldn't find order #${asked} among your orders. I can only see the orders placed with your own account while you were logged in.${
        orders.length > 0 ? ` Your recent orders are:\n${orders.map(describeOrder).join('\n')}` : ''
      }\n${statusPage}`;
    }
    return `Here is your order #${order.id}:\n${describeOrder(order)}\n${statusPage}`;
  }
  if (orders.length === 0) {
    return `I don't see any orders on your account yet. If you ordered as a guest (without logging in), use the link in your order confirmation e-mail: it opens the order's status page (/orders/status).`;
  }
  return `Here are your recent orders:\n${orders.map(describeOrder).join('\n')}\n${statusPage}`;
}

function productsAnswer(
  message: string,
  ranked: readonly Product[],
  products: readonly Product[],
): string | null {
  const cap = priceCap.exec(message)?.[1];
  const chosen =
    ranked.length > 0
      ? ranked.slice(0, 3)
      : shopIntent.test(message)
        ? products
            .filter((product) => product.available > 0 && (!cap || Number(product.price) <= Number(cap)))
            .slice(0, 4)
        : [];
  if (chosen.length === 0) return null;
  const lines = chosen.map(
    (product) =>
      `- ${product.name}: ${money(product.price)}, ${product.available} available (/shop#product-${product.id})`,
  );
  return `From our shop (/shop):\n${lines.join('\n')}`;
}

function eventsAnswer(events: readonly Event[]): string | null {
  if (events.length === 0) return null;
  const open = events.filter((event) => event.seatsLeft > 0).slice(0, 3);
  if (open.length === 0) {
    return 'Our upcoming walks are all full right now; you can join a waitlist on the events page (/events) and we will e-mail you if a seat frees up.';
  }
  const lines = open.map(
    (event) =>
      `- ${event.title}: ${day(event.date, true)}, ${event.location}; ${event.seatsLeft} seat${
        event.seatsLeft === 1 ? '' : 's'
      } left, ${event.price === 0 ? 'free' : `$${event.price}`} (/events/${event.id})`,
  );
  return `Upcoming walks with seats left:\n${lines.join('\n')}`;
}

/** Words of a walk's title that name no walk in particular. */
const genericWalkWords = new Set([
  'walk',
  'walks',
  'hike',
  'hikes',
  'hiking',
  'trail',
  'napa',
  'valley',
  'st',
]);

/**
 * The upcoming walks a question names, best first: a walk is named when two words of its title
 * that say which walk it is (not 'walk' or 'hike') are in the question, or one such word of five
 * letters or more ('Hennessey', 'Skyline').
 */
export function namedWalks(events: readonly Event[], words: readonly string[]): Event[] {
  const asked = new Set(words);
  const scored = events.map((event) => {
    const titleWords = searchWords(event.title).filter((word) => !genericWalkWords.has(word));
    const matched = titleWords.filter((word) => asked.has(word));
    const named = matched.length >= 2 || matched.some((word) => word.length >= 5);
    return { event, score: named ? matched.length : 0 };
  });
  return scored
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score)
    .map(({ event }) => event);
}

/** The age of a child a question names ('my 8 year old', 'an 8-year-old', '8yo', 'aged 8'), if any. */
export function askedAge(message: string): number | null {
  const match =
    /\b(\d{1,2})[\s-]*(?:years?|yrs?)[\s-]*old\b|\b(\d{1,2})\s*y\/?o\b|\bage[ds]?\s+(\d{1,2})\b/i.exec(
      message,
    );
  const age = match?.[1] ?? match?.[2] ?? match?.[3];
  return age === undefined ? null : Number(age);
}

/** 'a 12-year-old', 'an 8-year-old', 'an 11-year-old'. */
const yearOld = (age: number) => `${/^(8|11|18|8\d)$/.test(String(age)) ? 'an' : 'a'} ${age}-year-old`;

/** Whether a child of this age may come, from the walk's minimum age or its family-friendly mark. */
function ageAnswer(event: Event, age: number): string | null {
  if (event.minimumAge !== null) {
    return age < event.minimumAge
      ? `Walkers must be ${event.minimumAge} or older, so ${yearOld(age)} can't join this walk.`
      : `It is for ages ${event.minimumAge} and up, so ${yearOld(age)} is welcome.`;
  }
  return event.familyFriendly
    ? `It is family friendly: ${yearOld(age)} is welcome with a parent or guardian.`
    : null;
}

const difficultyWords: Record<WalkDifficulty, string> = {
  easy: 'An easy walk',
  moderate: 'A moderate walk',
  challenging: 'A challenging walk',
};

/** 150 minutes: 'about 2 hours 30 minutes'. */
function durationInWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours > 0 ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : null,
    rest > 0 ? `${rest} ${rest === 1 ? 'minute' : 'minutes'}` : null,
  ];
  return `about ${parts.filter(Boolean).join(' ')}`;
}

/**
 * A walk's facts as its leader gave them, in sentences: 'A challenging walk: about 10 miles,
 * 2,300 ft of climbing, about 6 hours. For ages 12 and up. No dogs.' Null for a walk without any.
 */
export function walkFactsInWords(event: Event): string | null {
  const measures = [
    event.distanceMiles !== null ? `about ${event.distanceMiles} miles` : null,
    event.elevationGainFeet !== null
      ? `${event.elevationGainFeet.toLocaleString('en-US')} ft of climbing`
      : null,
    event.durationMinutes !== null ? durationInWords(event.durationMinutes) : null,
  ].filter((part): part is string => part !== null);
  const sentences: string[] = [];
  const head = event.difficulty ? difficultyWords[event.difficulty] : measures.length > 0 ? 'The walk' : null;
  if (head) sentences.push(measures.length > 0 ? `${head}: ${measures.join(', ')}.` : `${head}.`);
  if (event.minimumAge !== null) {
    sentences.push(
      event.familyFriendly
        ? `Family friendly, for ages ${event.minimumAge} and up.`
        : `For ages ${event.minimumAge} and up.`,
    );
  } else if (event.familyFriendly) sentences.push('Family friendly.');
  // Dogs are not allowed unless its leader says so; said only of a walk with other details given.
  if (event.dogsAllowed) sentences.push('Dogs welcome on a leash.');
  else if (sentences.length > 0) sentences.push('No dogs.');
  return sentences.length > 0 ? sentences.join(' ') : null;
}

const accessIntent =
  /\b(access(ible|ibility)?|wheelchairs?|strollers?|pushchairs?|mobility|disab(led|ility)|restrooms?|toilets?)\b/i;
const bringIntent = /\b(bring|wear|pack|carry|shoes|boots|water)\b/i;

/** The walk's notes that the question asks about: its accessibility, what to bring. */
function walkNotes(event: Event, message: string): string | null {
  const notes = [
    event.accessibilityNotes && accessIntent.test(message)
      ? `Accessibility: ${event.accessibilityNotes}`
      : null,
    event.whatToBring && bringIntent.test(message) ? `What to bring: ${event.whatToBring}` : null,
  ];
  return notes.filter(Boolean).join(' ') || null;
}

/**
 * A named walk: whether the child the question names may come, its details (how hard, how far,
 * who may come), the notes asked about (access, what to bring), then its description in its
 * leader's words.
 */
function walkAnswer(event: Event, message: string, age: number | null): string {
  const seats =
    event.seatsLeft > 0
      ? `${event.seatsLeft} ${seatsWord.select(event.seatsLeft) === 'one' ? 'seat' : 'seats'} left`
      : 'full (you can join the waitlist)';
  const said = [
    age === null ? null : ageAnswer(event, age),
    walkFactsInWords(event),
    walkNotes(event, message),
    event.description,
  ];
  return `${event.title} (${day(event.date, true)}, ${event.location}; ${
    event.price === 0 ? 'free' : `$${event.price}`
  }, ${seats}; /events/${event.id}): ${said.filter(Boolean).join(' ')}`;
}

const seatsWord = new Intl.PluralRules('en-US');

/** Knowledge entries that answer: the best one, and a second when it ranks close to it. */
function knowledgeAnswer(hits: readonly KnowledgeHit[]): string | null {
  const [best, second] = hits;
  if (!best || best.rank < MIN_RANK) return null;
  // The best entry answers; a close second is named, not quoted, so the answer stays on the question.
  return second && second.rank >= best.rank * 0.6
    ? `${best.content}\n\nSee also: ${second.title}.`
    : best.content;
}

/** Below this ts_rank an entry matched a word in passing and answers nothing. */
const MIN_RANK = 0.02;

const notKnown = (context: AssistantContext) =>
  `I'm sorry, I don't know the answer to that, and I'd rather not guess. I can help with ${
    context === 'customerService'
      ? 'orders and tracking (/orders/status), shipping, returns and payments'
      : context === 'wine'
        ? 'wine pairings, Napa Valley wines and good reds under $30'
        : 'wine pairings, our walks (/events), what to bring, our shop (/shop), and orders and shipping'
  }. For anything else, please write to us through our contact page (/contact) and a person will answer.`;

/** How a composed answer is streamed: a word at a time, as a model's would arrive. */
export interface StreamPace {
  /** The wait between two words. */
  wordMs: number;
  /** However long the answer, it has all arrived after about this long. */
  totalMs: number;
}

const defaultStreamPace: StreamPace = { wordMs: 20, totalMs: 1_200 };

/**
 * Sends the answer a word at a time (each with the space before it, so the pieces join back into
 * the answer exactly), spaced so that it reads as it arrives but never takes longer than the pace
 * allows. Stops when the question is abandoned.
 */
export async function streamWords(
  text: string,
  onDelta: (text: string) => void,
  signal: AbortSignal,
  pace: StreamPace,
): Promise<void> {
  const pieces = text.match(/\s*\S+/g) ?? [text];
  const waitMs = Math.min(pace.wordMs, pace.totalMs / pieces.length);
  const trailing = text.slice(pieces.join('').length);
  for (const [index, piece] of pieces.entries()) {
    if (signal.aborted) return;
    if (index > 0 && waitMs >= 1) await new Promise((resolve) => setTimeout(resolve, waitMs));
    onDelta(index === pieces.length - 1 ? piece + trailing : piece);
  }
}

/**
 * The built-in provider: no language model, it answers from retrieval (the knowledge base ranked
 * by Postgres full-text search, the catalog's live prices and stock, upcoming events with seats,
 * and a logged-in caller's own orders), points to the site's pages and says so when it does not know.
 */
export function createBuiltInProvider(options: { pace?: StreamPace } = {}): Provider {
  const pace = options.pace ?? defaultStreamPace;
  return {
    async answer(question: Question): Promise<Answer> {
      const { message, context, retrieval, history } = question;
      let words = searchWords(message);
      const wantsOrders =
        orderIntent.test(message) || (orderMention.test(message) && /\bmy\b/i.test(message));
      const wantsEvents = eventIntent.test(message) || joinIntent.test(message);

      const cap = priceCap.exec(message)?.[1];
      const [hits, ranked, products, events, orders] = await Promise.all([
        retrieval.searchKnowledge(words, context),
        retrieval.searchProducts(words, cap ? { maxPrice: Number(cap) } : {}),
        retrieval.products(),
        // Always: a question may name a walk without asking about events ('Is the Mount St. Helena
        // hike hard?'), and its description is what answers it.
        retrieval.upcomingEvents(),
        wantsOrders ? retrieval.myOrders() : Promise.resolve<OrdersLookup>({ kind: 'guest' }),
      ]);

      const parts: string[] = [];
      const walks = namedWalks(events, words).slice(0, 2);
      const age = askedAge(message);
      const aboutWalks =
        walks.length > 0 ? walks.map((walk) => walkAnswer(walk, message, age)).join('\n\n') : null;
      // The walk's own minimum age (or family-friendly mark) answers a question about a child.
      const ageAnswered = age !== null && walks.some((walk) => ageAnswer(walk, age) !== null);
      const mine = wantsOrders ? ordersAnswer(message, orders) : null;
      if (mine) parts.push(mine);
      else if (wantsOrders && orders.kind === 'guest') {
        parts.push(
          "If you ordered while logged in, log in and ask me again: I'll list your orders and their status.",
        );
      }
      const shop = productsAnswer(message, ranked, products);
      // A walk named by the question answers it; the list of walks is for questions about walks in general.
      const upcoming = wantsEvents && !aboutWalks ? eventsAnswer(events) : null;
      // Listed walks or products answer a question about them; the knowledge base only adds to
      // them when the question is also about joining. A named walk's description leaves room for
      // what the knowledge base adds (children, what to bring), unless the walk answered about the
      // child itself.
      const listed =
        (upcoming !== null && !joinIntent.test(message)) || (shop !== null && shopIntent.test(message));
      let knowledge = mine || listed || ageAnswered ? null : knowledgeAnswer(hits);

      let followUp = false;
      if (!knowledge && !shop && !upcoming && !mine && !aboutWalks) {
        // A follow-up ("tell me more", "and with steak?"): the previous question gives the topic.
        const previous = [...history].reverse().find((turn) => turn.role === 'user');
        if (previous) {
          words = [...new Set([...searchWords(previous.content), ...words])].slice(0, 20);
          knowledge = knowledgeAnswer(await retrieval.searchKnowledge(words, context));
          followUp = knowledge !== null;
        }
      }

      if (knowledge)
        parts.unshift(followUp ? `Following on from your earlier question: ${knowledge}` : knowledge);
      if (aboutWalks) parts.unshift(aboutWalks);
      if (shop) parts.push(shop);
      if (upcoming) parts.push(upcoming);
      const response =
        parts.length > 0 && (knowledge || shop || upcoming || mine || aboutWalks)
          ? parts.join('\n\n')
          : notKnown(context);

      if (question.onDelta) await streamWords(response, question.onDelta, question.signal, pace);
      const prompt = [...history.map((turn) => turn.content), message].join('\n');
      return {
        response,
        model: BUILT_IN_MODEL,
        provider: BUILT_IN_PROVIDER,
        promptTokens: estimateTokens(prompt),
        completionTokens: estimateTokens(response),
      };
    },
  };
}
