import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './next-path';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('loginPathFor', () => {
  it('carries the path, query and fragment of the page being opened', () => {
    expect(loginPathFor(at('/certificates', '?status=expired&page=2'))).toBe(
      '/login?next=%2Fcertificates%3Fstatus%3Dexpired%26page%3D2',
    );
    expect(loginPathFor(at('/clients', '', '#top'))).toBe('/login?next=%2Fclients%23top');
  });

  it('is the plain sign-in address for the dashboard and for the sign-in page itself', () => {
    expect(loginPathFor(at('/'))).toBe('/login');
    expect(loginPathFor(at('/login', '?next=%2Fusers'))).toBe('/login');
  });
});

describe('safeNextPath', () => {
  it('honours a path of this console, query and fragment included', () => {
    expect(safeNextPath('/certificates?status=expired&page=2')).toBe('/certificates?status=expired&page=2');
    expect(safeNextPath('/users#list')).toBe('/users#list');
  });

  it.each([
    null,
    '',
    'certificates',
    '//evil.example/path',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/login',
    '/login?next=%2Fusers',
  ])('sends %j to the dashboard', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('round-trips what loginPathFor carries', () => {
    const link = loginPathFor(at('/certificates', '?search=a%20b&page=3'));
    const next = new URLSearchParams(link.split('?')[1]).get('next');
    expect(safeNextPath(next)).toBe('/certificates?search=a%20b&page=3');
  });
});
