// A session's browser as people name it ('Chrome on Linux'), read from its user-agent string. Deliberately small:
// it knows the common browsers, platforms and command-line clients, and shows anything else as it came, shortened.
import { USER_AGENT_TEXTS } from '../../contract/texts/account';

type Rule = readonly [pattern: RegExp, name: string];

/** Clients that are not browsers, named by the product token they start with. */
const TOOLS: readonly Rule[] = [
  [/^curl\b/i, 'curl'],
  [/^Wget\b/i, 'Wget'],
  [/^HTTPie\b/i, 'HTTPie'],
  [/^PostmanRuntime\b/, 'Postman'],
  [/^python-requests\b/i, 'Python requests'],
];

/**
 * Browsers, first match wins: each browser's string also carries the tokens of the engines it descends from
 * (Edge and Opera say Chrome, Chrome says Safari), so the more specific tokens come first.
 */
const BROWSERS: readonly Rule[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\b(?:Chrome|CriOS|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Platforms, first match wins: iPhones say 'like Mac OS X' and Android says Linux. */
const PLATFORMS: readonly Rule[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac(?:intosh| OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** How much of an unrecognised user agent is shown: enough to tell two apart, short enough for a phone's line. */
export const USER_AGENT_SHOWN_LENGTH = 60;

const firstMatch = (rules: readonly Rule[], userAgent: string) =>
  rules.find(([pattern]) => pattern.test(userAgent))?.[1];

const shorten = (text: string) =>
  text.length <= USER_AGENT_SHOWN_LENGTH ? text : `${text.slice(0, USER_AGENT_SHOWN_LENGTH - 1).trimEnd()}…`;

/** 'Chrome on Linux', 'Safari on iPhone', 'curl'; an unknown client as it came (shortened); 'Unknown browser' when empty. */
export function formatUserAgent(userAgent: string): string {
  const text = userAgent.trim();
  if (!text) return USER_AGENT_TEXTS.unknown;
  const tool = firstMatch(TOOLS, text);
  if (tool) return tool;
  const browser = firstMatch(BROWSERS, text);
  if (!browser) return shorten(text);
  const platform = firstMatch(PLATFORMS, text);
  return platform ? USER_AGENT_TEXTS.browserOn(browser, platform) : browser;
}
