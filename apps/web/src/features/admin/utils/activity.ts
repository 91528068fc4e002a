import type {
  AuditEntry,
  AuditedService,
  AuditLogQuery,
  AuditTargetType,
} from '@jesus-walks/contracts/audit';

import { formatValleyDateTime, isValleyLocal, valleyLocalToIso } from './valley-time';

/** The services that keep an activity record, as administrators know them: areas of the site. */
export const activityAreas: ReadonlyArray<{ value: AuditedService; label: string }> = [
  { value: 'identity', label: 'Users' },
  { value: 'catalog-and-orders', label: 'Shop and orders' },
  { value: 'payments', label: 'Payments' },
  { value: 'content-and-events', label: 'Events and newsletter' },
  { value: 'ai-assistant', label: 'AI assistant' },
];

export const activityTargetTypes: ReadonlyArray<{ value: AuditTargetType; label: string }> = [
  { value: 'user', label: 'User' },
  { value: 'order', label: 'Order' },
  { value: 'product', label: 'Product' },
  { value: 'payment', label: 'Payment' },
  { value: 'event', label: 'Event' },
  { value: 'registration', label: 'Registration' },
  { value: 'subscriber', label: 'Subscriber' },
  { value: 'knowledge', label: 'Assistant knowledge' },
  { value: 'message', label: 'Contact message' },
  { value: 'waiver', label: 'Waiver' },
  { value: 'event_series', label: 'Walk series' },
];

export function areaLabel(service: AuditedService): string {
  return activityAreas.find((area) => area.value === service)?.label ?? service;
}

/** "Shop and orders, Payments": the areas whose entries are missing, in the tab's order. */
export function unreachableAreasText(services: readonly AuditedService[]): string {
  return activityAreas
    .filter((area) => services.includes(area.value))
    .map((area) => area.label)
    .join(', ');
}

/** The filters as the Activity tab holds them: '' for any; dates are the valley's 'YYYY-MM-DD'. */
export interface ActivityFilters {
  area: AuditedService | '';
  targetType: AuditTargetType | '';
  words: string;
  fromDate: string;
  toDate: string;
}

export const noActivityFilters: ActivityFilters = {
  area: '',
  targetType: '',
  words: '',
  fromDate: '',
  toDate: '',
};

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The valley's next day: '2030-02-28' -> '2030-03-01'. */
function nextDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** The instant a valley day starts, or undefined for a blank or impossible date. */
function startOfValleyDay(date: string): string | undefined {
  const local = `${date}T00:00`;
  return DATE_PATTERN.test(date) && isValleyLocal(local) ? valleyLocalToIso(local) : undefined;
}

/**
 * The route's filters for the tab's: both dates are whole days in the valley, the 'to' day
 * included (the route's upper bound is exclusive, so it is the next day's midnight).
 */
export function activityQueryOf(
  filters: ActivityFilters,
): Pick<AuditLogQuery, 'service' | 'targetType' | 'q' | 'from' | 'to'> {
  const words = filters.words.trim();
  const from = filters.fromDate ? startOfValleyDay(filters.fromDate) : undefined;
  const to =
    filters.toDate && startOfValleyDay(filters.toDate)
      ? startOfValleyDay(nextDay(filters.toDate))
      : undefined;
  return {
    ...(filters.area ? { service: filters.area } : {}),
    ...(filters.targetType ? { targetType: filters.targetType } : {}),
    ...(words ? { q: words } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

export function hasActivityFilters(filters: ActivityFilters): boolean {
  return Boolean(
    filters.area || filters.targetType || filters.words.trim() || filters.fromDate || filters.toDate,
  );
}

/** 'isAdmin' -> 'Admin', 'estimatedDeliveryDate' -> 'Estimated delivery date'. */
export function changeFieldLabel(field: string): string {
  const words = field
    .replace(/^is(?=[A-Z])/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const MONEY = /^\d+\.\d{2}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A structured value in words: an order line ('2 x Trail Cap at $24.50'), a person ('carol (user
 * #5)'), a list of them ('...; ...'), anything else as 'Label: value' pairs. Never raw JSON.
 */
function structuredText(value: object): string {
  if (Array.isArray(value)) {
    return value.length === 0 ? '(none)' : value.map((item) => changeValueText(item)).join('; ');
  }
  const record = value as Record<string, unknown>;
  if (typeof record.name === 'string' && typeof record.quantity === 'number') {
    const price = typeof record.price === 'string' && MONEY.test(record.price) ? ` at $${record.price}` : '';
    return `${record.quantity} x ${record.name}${price}`;
  }
  if (typeof record.username === 'string') {
    return typeof record.id === 'number' ? `${record.username} (user #${record.id})` : record.username;
  }
  const entries = Object.entries(record).filter(([, part]) => part !== undefined);
  if (entries.length === 0) return '(none)';
  return entries
    .map(
      ([key, part]) =>
        `${changeFieldLabel(key)}: ${isRecord(part) ? `(${changeValueText(part)})` : changeValueText(part)}`,
    )
    .join(', ');
}

/** A value before or after a change, for people: 'yes'/'no', '(none)', text as it is, words for a structure. */
export function changeValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  // An instant (an event's date, a delivery day) reads as the valley's date and time.
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatValleyDateTime(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value === 'object') return structuredText(value);
  return String(value);
}

/** 'User: ann', 'Order #12': what an entry is about (a label that names its type stands alone). */
export function targetText(target: AuditEntry['target']): string {
  const type = activityTargetTypes.find((option) => option.value === target.type)?.label ?? target.type;
  if (!target.label) return `${type} #${target.id}`;
  return target.label.toLowerCase().startsWith(type.toLowerCase())
    ? target.label
    : `${type}: ${target.label}`;
}
