// The repository's own import aliases (package.json "imports": `#mocks/*`, `#storybook/*`, `#tests/*`), which let a
// story name `#storybook/story-helpers.tsx` instead of climbing four folders. The lint rules judge an aliased import
// on the file it names, as they do a relative one.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const aliases = Object.entries(JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).imports ?? {});

/** The absolute path an aliased specifier (`#mocks/handlers/index.ts`) names, or null when it is no alias of ours. */
export function aliasTarget(specifier) {
  if (!specifier.startsWith('#')) return null;
  for (const [pattern, target] of aliases) {
    const prefix = pattern.replace(/\*$/, '');
    if (pattern.endsWith('*') ? specifier.startsWith(prefix) : specifier === pattern)
      return resolve(root, target.replace(/\*$/, '') + specifier.slice(prefix.length));
  }
  return null;
}
