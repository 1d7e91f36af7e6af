// A build plugin: lists, for each start-up page (src/app/start-up-pages.ts), the code its first screen needs beyond
// the entry, in `dist/page-preloads.json`. The server names those files in that address's HTML
// (src/server/plugins/console-files.ts), so a phone opening /certificates fetches the page's chunks beside the
// entry instead of discovering them only once the entry has downloaded and run (docs/performance.md).
import type { Plugin, Rollup } from 'vite';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../src/server/plugins/page-preloads-file.ts';

/** What the plugin reads of a built chunk. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  importedCss: string[];
}

/** `start` and every chunk it imports statically, in import order, each once. */
function withStaticImports(start: BuiltChunk, byFile: Map<string, BuiltChunk>): BuiltChunk[] {
  const found = new Map<string, BuiltChunk>();
  const visit = (chunk: BuiltChunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  visit(start);
  return [...found.values()];
}

/**
 * Each page's preloads: the chunk of its feature module and what that chunk imports, less what index.html already
 * loads (the entry and its imports). A page whose module has no chunk of its own fails the build: its address
 * would silently lose its preloads.
 */
export function pagePreloads(
  chunks: BuiltChunk[],
  pages: Record<string, string>,
  base = '/',
): Record<string, PagePreloads> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const initial = new Set(
    chunks
      .filter((chunk) => chunk.isEntry)
      .flatMap((entry) => withStaticImports(entry, byFile))
      .map((chunk) => chunk.fileName),
  );
  const initialCss = new Set(
    chunks.filter((chunk) => initial.has(chunk.fileName)).flatMap((chunk) => chunk.importedCss),
  );
  const result: Record<string, PagePreloads> = {};
  for (const [path, module] of Object.entries(pages)) {
    const page = chunks.find(
      (chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`),
    );
    if (!page) throw new Error(`page-preloads: no chunk of its own for ${module} (the page at ${path})`);
    const files = withStaticImports(page, byFile).filter((chunk) => !initial.has(chunk.fileName));
    const styles = new Set(files.flatMap((chunk) => chunk.importedCss).filter((css) => !initialCss.has(css)));
    result[path] = {
      scripts: files.map((chunk) => `${base}${chunk.fileName}`),
      styles: [...styles].map((css) => `${base}${css}`),
    };
  }
  return result;
}

/** The Vite plugin: writes PAGE_PRELOADS_FILE for `pages` once the chunks are known. */
export function pagePreloadsPlugin(pages: Record<string, string>): Plugin {
  let base = '/';
  return {
    name: 'license-console:page-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      // After Vite's own hooks have recorded each chunk's styles.
      order: 'post',
      handler(_options, bundle: Rollup.OutputBundle) {
        const chunks = Object.values(bundle)
          .filter((output): output is Rollup.OutputChunk => output.type === 'chunk')
          .map((chunk) => ({
            fileName: chunk.fileName,
            isEntry: chunk.isEntry,
            isDynamicEntry: chunk.isDynamicEntry,
            facadeModuleId: chunk.facadeModuleId,
            imports: chunk.imports,
            importedCss: [...(chunk.viteMetadata?.importedCss ?? [])],
          }));
        this.emitFile({
          type: 'asset',
          fileName: PAGE_PRELOADS_FILE,
          source: `${JSON.stringify(pagePreloads(chunks, pages, base), null, 2)}\n`,
        });
      },
    },
  };
}
