import { describe, expect, it } from 'vitest';
import { describeDevice } from './device-description';

/** Real browsers' User-Agent strings, as each sends it. */
const userAgents = {
  chromeOnWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  safariOnIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariOnIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeOnIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  safariOnMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  chromeOnAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  samsungInternet:
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  firefoxOnLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  edgeOnWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  chromeOnChromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

describe('describeDevice', () => {
  it.each([
    ['chromeOnWindows', 'Chrome on Windows'],
    ['safariOnIphone', 'Safari on iPhone'],
    ['safariOnIpad', 'Safari on iPad'],
    ['chromeOnIphone', 'Chrome on iPhone'],
    ['safariOnMac', 'Safari on macOS'],
    ['chromeOnAndroid', 'Chrome on Android'],
    ['samsungInternet', 'Samsung Internet on Android'],
    ['firefoxOnLinux', 'Firefox on Linux'],
    ['edgeOnWindows', 'Edge on Windows'],
    ['chromeOnChromeOs', 'Chrome on Chrome OS'],
  ] as const)('names %s as a person would: %s', (browser, description) => {
    expect(describeDevice(userAgents[browser])).toBe(description);
  });

  it('says nothing for no User-Agent, a script or a bot', () => {
    for (const userAgent of [
      undefined,
      null,
      '',
      '   ',
      'curl/8.5.0',
      'lightMyRequest',
      userAgents.googlebot,
    ]) {
      expect(describeDevice(userAgent), String(userAgent)).toBeNull();
    }
  });

  it('never throws on text that is not a User-Agent', () => {
    for (const text of ['\u0000', '()', 'Mozilla/5.0', 'x'.repeat(512), '😀 on 😀']) {
      expect(() => describeDevice(text)).not.toThrow();
    }
  });
});
