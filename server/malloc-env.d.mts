// Types of server/malloc-env.mjs (plain JavaScript: scripts/start.mjs and the cluster's primary run it without a build).
export declare const MALLOC_ENV: Readonly<Record<"MALLOC_MMAP_THRESHOLD_" | "MALLOC_TRIM_THRESHOLD_", string>>;
export declare function missingMallocEnv(env: Record<string, string | undefined>): Record<string, string>;
