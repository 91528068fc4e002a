import Bowser from 'bowser';

/**
 * Browser names as people say them: bowser's longer names, shortened. A name not listed is shown
 * as bowser gives it.
 */
const BROWSER_NAMES: Record<string, string> = {
  'Samsung Internet for Android': 'Samsung Internet',
  'Microsoft Edge': 'Edge',
};

/** Apple's devices by name ('Safari on iPhone'); other systems by the system's name. */
const APPLE_MODELS = new Set(['iPhone', 'iPad', 'iPod']);

/**
 * A short description of the device a session was started from, for the member's list of their
 * sessions: 'Chrome on Windows', 'Safari on iPhone', 'Firefox on Linux'. Null when the User-Agent
 * says nothing a person would recognise (none, a script, a bot).
 */
export function describeDevice(userAgent: string | null | undefined): string | null {
  if (!userAgent?.trim()) return null;
  const parsed = Bowser.parse(userAgent);
  if (parsed.platform.type === 'bot') return null;
  const browserName = parsed.browser.name?.trim() || '';
  const browser = BROWSER_NAMES[browserName] ?? browserName;
  const model = parsed.platform.model;
  const system = model && APPLE_MODELS.has(model) ? model : parsed.os.name?.trim() || '';
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || null;
}
