import { describe, expect, it } from 'vitest';
import { readStoredTheme, storeTheme, THEME_BOOT_SCRIPT, THEME_STORAGE_KEY } from './theme-preference';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

const refusing = {
  getItem: (): string | null => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('theme preference', () => {
  it('remembers the choice and reads it back', () => {
    const storage = memoryStorage();
    expect(readStoredTheme(storage)).toBeNull();
    storeTheme('dark', storage);
    expect(storage.values.get(THEME_STORAGE_KEY)).toBe('dark');
    expect(readStoredTheme(storage)).toBe('dark');
  });

  it('ignores a value that is not a theme', () => {
    expect(readStoredTheme(memoryStorage({ [THEME_STORAGE_KEY]: 'purple' }))).toBeNull();
  });

  it('carries on when storage refuses', () => {
    expect(readStoredTheme(refusing)).toBeNull();
    expect(() => storeTheme('light', refusing)).not.toThrow();
  });

  it('has a boot script that applies a remembered theme and nothing else', () => {
    const attributes = new Map<string, string>();
    const run = (stored: string | null) => {
      attributes.clear();
      const localStorage = { getItem: (key: string) => (key === THEME_STORAGE_KEY ? stored : null) };
      const document = {
        documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
      };
      new Function('localStorage', 'document', THEME_BOOT_SCRIPT)(localStorage, document);
      return attributes.get('data-theme');
    };
    expect(run('dark')).toBe('dark');
    expect(run('light')).toBe('light');
    expect(run('"><script>')).toBeUndefined();
    expect(run(null)).toBeUndefined();
  });
});
