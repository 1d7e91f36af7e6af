// The type-check and the lint of `npm test` on one TypeScript program. `tsc --noEmit` and the type-aware ESLint rules
// each build the whole program and check its types; run apart, that work was done twice (docs/performance.md, "The
// test suite"). Here the program is built once, its diagnostics printed as tsc prints them, and then handed to
// ESLint's TypeScript parser, whose rules find every type already resolved. Prints each part's result under its own
// heading and writes `{ typecheck, lint }` (true when clean) to the JSON file named by the first argument.
// `npm run typecheck` and `npm run lint` stay the plain tools, for a quicker loop on one of them.
import { writeFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import ts from 'typescript';

const resultFile = process.argv[2];

const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => report([diagnostic]) };
const config = ts.getParsedCommandLineOfConfigFile('tsconfig.json', {}, host);
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
const diagnostics = ts.getPreEmitDiagnostics(program);

function report(list) {
  const formatHost = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: ts.sys.getCurrentDirectory,
    getNewLine: () => ts.sys.newLine,
  };
  process.stdout.write(ts.formatDiagnosticsWithColorAndContext(list, formatHost));
}

console.log('--- typecheck (tsc) ---');
if (diagnostics.length > 0) report(diagnostics);
console.log(diagnostics.length === 0 ? 'No type errors.' : `${diagnostics.length} type errors.`);

// Every TypeScript file the lint checks is in the program (tsconfig.json's `include`); JavaScript files are linted
// without types (eslint.config.js), so the program is handed to the TypeScript files only.
const eslint = new ESLint({
  overrideConfig: [
    {
      files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
      languageOptions: { parserOptions: { programs: [program], projectService: false } },
    },
  ],
});
const results = await eslint.lintFiles(['.']);
const problems = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
console.log('--- lint (ESLint) ---');
const formatted = (await eslint.loadFormatter('stylish')).format(results);
if (formatted) process.stdout.write(formatted);
console.log(problems === 0 ? 'No lint problems.' : `${problems} lint problems.`);

if (resultFile)
  writeFileSync(resultFile, JSON.stringify({ typecheck: diagnostics.length === 0, lint: problems === 0 }));
process.exitCode = diagnostics.length === 0 && problems === 0 ? 0 : 1;
