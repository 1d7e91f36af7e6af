import { describe, expect, it } from 'vitest';
import { USER_AGENT_TEXTS } from '../../contract/ui-texts';
import { formatUserAgent, USER_AGENT_SHOWN_LENGTH } from './user-agent';

describe('formatUserAgent', () => {
  it.each([
    [
      'Chrome on Linux',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
    ],
    [
      'Chrome on Linux',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ],
    [
      'Firefox on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    ],
    [
      'Safari on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    ],
    [
      'Safari on macOS',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    ],
    [
      'Safari on iPad',
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    ],
    [
      'Chrome on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
    ],
    [
      'Chrome on Android',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    ],
    [
      'Edge on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    ],
    [
      'Opera on macOS',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
    ],
    [
      'Samsung Internet on Android',
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    ],
    [
      'Chrome on ChromeOS',
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ],
    ['Firefox on Linux', 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'],
  ])('names %s', (expected, userAgent) => {
    expect(formatUserAgent(userAgent)).toBe(expected);
  });

  it('names command-line clients by their tool alone', () => {
    expect(formatUserAgent('curl/8.5.0')).toBe('curl');
    expect(formatUserAgent('Wget/1.21.4')).toBe('Wget');
    expect(formatUserAgent('python-requests/2.32.3')).toBe('Python requests');
  });

  it('names a browser without the platform when none is recognised', () => {
    expect(formatUserAgent('Mozilla/5.0 (X11; FreeBSD amd64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox',
    );
  });

  it('shows an unrecognised client as it came', () => {
    expect(formatUserAgent('  licence-sync/2.1 (+https://crm.example.test)  ')).toBe(
      'licence-sync/2.1 (+https://crm.example.test)',
    );
  });

  it('shortens a long unrecognised client with an ellipsis', () => {
    const shown = formatUserAgent(`billing-job/1.0 ${'x'.repeat(200)}`);
    expect(shown).toHaveLength(USER_AGENT_SHOWN_LENGTH);
    expect(shown.startsWith('billing-job/1.0 xxx')).toBe(true);
    expect(shown.endsWith('…')).toBe(true);
  });

  it('says so when there is no user agent', () => {
    expect(formatUserAgent('')).toBe(USER_AGENT_TEXTS.unknown);
    expect(formatUserAgent('   ')).toBe(USER_AGENT_TEXTS.unknown);
  });
});
