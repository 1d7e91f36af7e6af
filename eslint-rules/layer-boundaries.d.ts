import type { Rule } from 'eslint';

/** The layer a repository path belongs to: 'contract', 'ui', 'app', 'server', 'mocks', 'storybook', 'features/<area>' or null. */
export function layerOf(absolutePath: string): string | null;
/** Why `from` may not import `target` (a layer, or a bare package name), or null when it may. */
export function boundaryProblem(from: string, target: string | null, isPackage: boolean): string | null;

declare const plugin: { rules: { 'layer-boundaries': Rule.RuleModule } };
export default plugin;
