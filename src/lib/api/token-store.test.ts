import { describe, expect, it } from 'vitest';
import { testUser } from '../../../tests/support/console-fakes';
import { createBrowserTokenStore } from './token-store';

/** A document whose cookie setter keeps only name=value, as a browser does, and records what was written. */
function fakeBrowser(protocol = 'https:') {
  const jar = new Map<string, string>();
  const written: string[] = [];
  const document = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0(;|$)/.test(line)) jar.delete(name);
      else jar.set(name, value);
    },
  };
  const storage = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
      clear: () => items.clear(),
      key: () => null,
      get length() {
        return items.size;
      },
    } satisfies Storage;
  };
  return {
    host: { document, location: { protocol }, sessionStorage: storage(), localStorage: storage() },
    written,
  };
}

describe('browser token store (docs/adr/0008-refresh-cookie-and-sessions.md)', () => {
  it('keeps the access token in a 15-minute cookie and the user in local storage, and never the refresh token', async () => {
    const { host, written } = fakeBrowser();
    const store = createBrowserTokenStore(host);
    store.setAccessToken('a.b.c');
    store.setRefreshToken('refresh');
    store.setUser(testUser);
    expect(written).toEqual(['accessToken=a.b.c; max-age=900; path=/; samesite=strict; secure']);
    expect(store.getAccessToken()).toBe('a.b.c');
    expect(store.getRefreshToken()).toBeNull();
    expect(host.sessionStorage.length + host.localStorage.length).toBe(1);
    expect(JSON.parse(host.localStorage.getItem('user') ?? 'null')).toEqual(testUser);
    expect(await store.getUser()).toEqual(testUser);
  });

  it("knows a session exists from the server's lc_session marker cookie", () => {
    const { host } = fakeBrowser();
    const store = createBrowserTokenStore(host);
    expect(store.hasRefreshCredential()).toBe(false);
    host.document.cookie = 'lc_session=1; path=/';
    expect(store.hasRefreshCredential()).toBe(true);
  });

  it('removes a refresh token the first console left in session storage', () => {
    const { host } = fakeBrowser();
    host.sessionStorage.setItem('refreshToken', 'old');
    createBrowserTokenStore(host);
    expect(host.sessionStorage.getItem('refreshToken')).toBeNull();
  });

  it('clears the access token, the marker and the user', async () => {
    const { host } = fakeBrowser('http:');
    const store = createBrowserTokenStore(host);
    host.document.cookie = 'lc_session=1; path=/';
    store.setAccessToken('a');
    store.setUser(testUser);
    store.clear();
    expect(store.getAccessToken()).toBeNull();
    expect(store.hasRefreshCredential()).toBe(false);
    expect(await store.getUser()).toBeNull();
  });

  it('ignores a stored user that is not valid JSON or not a user', async () => {
    const { host } = fakeBrowser();
    const store = createBrowserTokenStore(host);
    host.localStorage.setItem('user', '{broken');
    expect(await store.getUser()).toBeNull();
    host.localStorage.setItem('user', JSON.stringify({ name: 'no id' }));
    expect(await store.getUser()).toBeNull();
  });
});
