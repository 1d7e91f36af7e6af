import { describe, expect, it } from 'vitest';
import { pagePreloads, type BuiltChunk } from './page-preloads';

const chunk = (fileName: string, more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  isEntry: false,
  isDynamicEntry: false,
  facadeModuleId: null,
  imports: [],
  importedCss: [],
  ...more,
});

// The shape of a real build: an entry importing the first screen's chunk; the pages import it, the shared chunk and
// (the certificates page) the grid, which imports the shared chunk too.
const BUILD = [
  chunk('assets/index-e.js', {
    isEntry: true,
    facadeModuleId: '/repo/index.html',
    imports: ['assets/console-c.js'],
  }),
  chunk('assets/console-c.js', { imports: ['assets/runtime-r.js'], importedCss: ['assets/console-c.css'] }),
  chunk('assets/runtime-r.js'),
  chunk('assets/shared-s.js', { imports: ['assets/console-c.js'], importedCss: ['assets/shared-s.css'] }),
  chunk('assets/grid-g.js', { imports: ['assets/shared-s.js', 'assets/runtime-r.js'] }),
  chunk('assets/certificates-p.js', {
    isDynamicEntry: true,
    facadeModuleId: '/repo/src/features/certificates/index.ts',
    imports: ['assets/console-c.js', 'assets/shared-s.js', 'assets/grid-g.js'],
    importedCss: ['assets/certificates-p.css', 'assets/console-c.css'],
  }),
  chunk('assets/dashboard-d.js', {
    isDynamicEntry: true,
    facadeModuleId: 'C:\\repo\\src\\features\\dashboard\\index.ts',
    imports: ['assets/shared-s.js'],
  }),
];

describe('page preloads', () => {
  it("lists a page's chunk, then what it imports, each once, without what index.html already loads", () => {
    expect(
      pagePreloads(BUILD, {
        '/certificates': 'src/features/certificates/index.ts',
        '/': 'src/features/dashboard/index.ts',
      }),
    ).toEqual({
      '/certificates': {
        scripts: ['/assets/certificates-p.js', '/assets/shared-s.js', '/assets/grid-g.js'],
        styles: ['/assets/certificates-p.css', '/assets/shared-s.css'],
      },
      '/': { scripts: ['/assets/dashboard-d.js', '/assets/shared-s.js'], styles: ['/assets/shared-s.css'] },
    });
  });

  it('puts addresses under the base the console is built for', () => {
    const { '/': dashboard } = pagePreloads(BUILD, { '/': 'src/features/dashboard/index.ts' }, '/console/');
    expect(dashboard?.scripts).toEqual(['/console/assets/dashboard-d.js', '/console/assets/shared-s.js']);
  });

  it('fails the build when a page has no chunk of its own, rather than leaving its address without preloads', () => {
    expect(() => pagePreloads(BUILD, { '/clients': 'src/features/clients/index.ts' })).toThrow(
      'page-preloads: no chunk of its own for src/features/clients/index.ts (the page at /clients)',
    );
  });
});
