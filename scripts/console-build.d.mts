// Types of console-build.mjs for the TypeScript that imports it (tests).
export declare function ensureConsoleBuilt(): void;
export declare function buildConsole(reason?: string): void;
export declare function hasBuild(): boolean;
export declare const DIST_DIR: string;
