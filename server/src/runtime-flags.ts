/**
 * Node flags the server process runs with (`npm start`, the benchmark's server, and the
 * Dockerfile's CMD, which cannot import this file: runtime-flags.test.ts keeps the two the same).
 *
 * `--max-semi-space-size=16`: V8 otherwise grows the young generation to 128 MB (two 64 MB
 * semi-spaces) under load, and a request's short-lived objects (rows, GraphQL results) fill it
 * before each scavenge: that was ~100 MB of the server's 450–530 MB peak resident memory in the
 * benchmark (docs/perf/history.md, "Memory"). 16 MB semi-spaces (32 MB in all) scavenge more often but
 * each scavenge copies only what is alive, which for a request-answering server is little.
 *
 * `--max-old-space-size=1536`: with a limit of 2 GB or more (the default here is 4 GB) V8 lets the
 * old generation grow to 4× what a full GC left alive before it collects again; below 2 GB that
 * factor scales with the limit (1.8× at 1536). The server's live heap is 55–95 MB, so the default
 * let garbage pile up to a peak resident memory of 330–430 MB in the benchmark; with the limit the
 * peak was 268–284 MB, with no CPU cost per request that three interleaved runs on a quiet machine
 * could show (docs/perf/history.md, "Tenth round"; an earlier round on a machine shared with other work
 * had measured 6–33% on two pages and left it out). 1536 MB is still 16× the live heap: the largest
 * answer built in memory (a team report's CSV) takes a few tens of MB.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16', '--max-old-space-size=1536'];
