// docs/configuration.md lists every environment variable the server reads, and nothing it does not.
//
// What the server reads comes from the code, not from a list kept here:
// - the keys of the env schema in src/server/env.ts (`envSchema`, read with TypeScript's parser: the module exports
//   `loadEnv` only, and `loadEnv({})` names only the keys that have a default, which the test also checks it found);
// - every `process.env.NAME` (or `process.env['NAME']`) in the server's code (src/server, tests excluded) and in what
//   starts it (scripts/start.mjs, bin/).
// No variable is excluded. NODE_ENV is read (it sets API_DOCS' default and whether `npm start` builds), so it is
// documented. TZ is not read: the server works in UTC whatever it says. Test-only variables (FUZZ_SEED, CI, E2E_*,
// CHROMIUM_PATH) are read by tests and tools outside this scan, and docs/development.md lists them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const DOC = 'docs/configuration.md';
/** The doc's last section, on variables others read (Node, node-postgres, the tests): not the server's own. */
const NOT_THE_SERVERS = '## Not read by the server';

/** The property names of `const envSchema = z.object({ ... })` in src/server/env.ts. */
function envSchemaKeys(): string[] {
  const source = ts.createSourceFile('env.ts', read('src/server/env.ts'), ts.ScriptTarget.Latest, true);
  let shape: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'envSchema' && node.initializer) {
      const call = node.initializer;
      if (ts.isCallExpression(call) && call.expression.getText() === 'z.object') {
        const [argument] = call.arguments;
        if (argument && ts.isObjectLiteralExpression(argument)) shape = argument;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!shape) throw new Error('src/server/env.ts has no `const envSchema = z.object({ ... })` any more');
  return shape.properties.map((property) => {
    // A spread or a computed key would hide variables from this test: name them in the object itself.
    if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property))
      throw new Error(`envSchema has a member this test cannot name: ${property.getText().slice(0, 60)}`);
    if (!ts.isIdentifier(property.name) && !ts.isStringLiteral(property.name))
      throw new Error(`envSchema has a computed key: ${property.name.getText()}`);
    return property.name.text;
  });
}

/** The files that make up the running server, tests left out. */
function serverFiles(): string[] {
  const server = readdirSync(join(ROOT, 'src/server'), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(ts|mts|js|mjs)$/.test(path) && !/\.test\.[mc]?[jt]s$/.test(path))
    .map((path) => join('src/server', path));
  const bin = readdirSync(join(ROOT, 'bin')).map((name) => join('bin', name));
  return [...server, 'scripts/start.mjs', ...bin];
}

const READ = /process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*(['"`])([A-Za-z_][A-Za-z0-9_]*)\2\s*\])/g;
const DYNAMIC_READ = /process\.env\[(?!\s*['"`][A-Za-z_][A-Za-z0-9_]*['"`]\s*\])/;
const DESTRUCTURED = /\{([^{}]*)\}\s*=\s*process\.env\b/;

/** Each variable read through `process.env` in `files`, with the first file that reads it. */
function processEnvReads(files: string[]): Map<string, string> {
  const reads = new Map<string, string>();
  for (const file of files) {
    const text = read(file);
    // A read this scan cannot name would escape the test: write the name out.
    if (DYNAMIC_READ.test(text) || DESTRUCTURED.test(text))
      throw new Error(`${file} reads process.env in a way this test cannot name; write process.env.NAME`);
    for (const match of text.matchAll(READ)) {
      const name = match[1] ?? match[3]!;
      if (!reads.has(name)) reads.set(name, relative(ROOT, join(ROOT, file)));
    }
  }
  return reads;
}

/** Each variable in backticks in the first cell of a table row, with the row's cells, before the given heading. */
function documentedVariables(doc: string, until: string): Map<string, string[]> {
  const end = doc.indexOf(until);
  if (end < 0) throw new Error(`${DOC} has no section '${until}'`);
  const variables = new Map<string, string[]>();
  for (const line of doc.slice(0, end).split('\n')) {
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    for (const [, name] of (cells[0] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)) variables.set(name!, cells);
  }
  return variables;
}

const schemaKeys = envSchemaKeys();
const envReads = processEnvReads(serverFiles());
const readByServer = new Set([...schemaKeys, ...envReads.keys()]);
const documented = documentedVariables(read(DOC), NOT_THE_SERVERS);

describe(DOC, () => {
  it('is checked against the whole env schema', () => {
    // Every key loadEnv fills with a default is one the parser found, so the list above is the schema's.
    expect(schemaKeys.length).toBeGreaterThan(30);
    expect(schemaKeys).toEqual(expect.arrayContaining(Object.keys(loadEnv({}))));
  });

  it('lists every variable the server reads', () => {
    const missing = [...readByServer].filter((name) => !documented.has(name));
    expect(missing, `read by the server, missing from a table of ${DOC}`).toEqual([]);
  });

  it('lists no variable the server does not read', () => {
    const stale = [...documented.keys()].filter((name) => !readByServer.has(name));
    expect(stale, `in the tables of ${DOC}, read nowhere in the server`).toEqual([]);
  });

  it('gives the default loadEnv applies to each variable that has one', () => {
    const defaults = loadEnv({});
    const wrong = Object.entries(defaults).flatMap(([name, value]) => {
      const cell = documented.get(name)?.[1] ?? '';
      const written = typeof value === 'boolean' ? (value ? '`on`' : '`off`') : `\`${String(value)}\``;
      return cell.includes(written) ? [] : [`${name}: ${written} (the doc says ${cell || 'nothing'})`];
    });
    expect(wrong).toEqual([]);
  });
});
