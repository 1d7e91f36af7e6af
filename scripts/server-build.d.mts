// Types of server-build.mjs for the TypeScript that imports it (tests).
export declare const SERVER_DIST: string;
export declare const SERVER_MAIN: string;
export declare const SERVER_CLI: string;
export declare function serverBuildStale(): string | null;
export declare function hasServerBuild(): boolean;
export declare function buildServer(): Promise<void>;
export declare function ensureServerBuilt(): Promise<void>;
