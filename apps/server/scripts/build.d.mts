/** Types of build.mjs, for the TypeScript callers (the browser tests' global setup, the bench). */
export function sourceHash(sources: string[], keep?: (file: string) => boolean): string;
export function buildConsoleIfStale(options?: { force?: boolean }): boolean;
export function buildServerIfStale(options?: { force?: boolean }): Promise<boolean>;
export function buildIfStale(options?: { force?: boolean }): Promise<void>;
