import type { Linter } from 'eslint';

export declare const licenseSpelling: Linter.RuleEntry;
