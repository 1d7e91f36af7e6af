// Types for scripts/chromium.mjs, so the TypeScript configs can import it.
export declare const DEFAULT_CHROMIUM_PATH: string;
export declare const MISSING_CHROMIUM_MESSAGE: string;
export declare const CHROMIUM_ARGS: string[];
export declare const BROWSER_CONTEXT: { locale: string; timezoneId: string };
export declare function findChromium(): string | null;
export declare function requireChromium(): string;
export declare function chromiumLaunchOptions(): {
  executablePath: string;
  args: string[];
  env: Record<string, string | undefined>;
};
export declare function chromiumVersion(path?: string): string;
