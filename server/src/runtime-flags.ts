/**
 * Node flags the server process runs with (`npm start`, the benchmark's server, and the
 * Dockerfile's CMD, which cannot import this file: runtime-flags.test.ts keeps the two the same).
 *
 * `--max-semi-space-size=32`: V8 otherwise grows the young generation to 128 MB (two 64 MB
 * semi-spaces) under load, and a request's short-lived objects (rows, GraphQL results) fill it
 * before each scavenge: that was ~100 MB of the server's 450–530 MB peak resident memory in the
 * benchmark (docs/perf/history.md, "Memory"). Each scavenge copies what is still alive, and at 32
 * connections that is every request in flight, about the same whatever the size: 16 MB semi-spaces
 * scavenged twice as often for the same copying, and the collector took a fifth of the server's
 * CPU. At 32 MB (64 MB in all) the feed, explore, a profile and the jobs list cost 7–29% less CPU a
 * request than at 16. The price is the young generation's extra 32 MB: the bench server's peak RSS
 * over a whole run was 369–374 MB before and 372–397 after (bench/README.md, "Young generation"),
 * chosen over the 300 MB target it already missed: the pages' speed under load is what people meet.
 *
 * `--max-old-space-size=1024`: with a limit of 2 GB or more (the default here is 4 GB) V8 lets the
 * old generation grow to 4× what a full GC left alive before it collects again; below 2 GB that
 * factor scales with the limit. The server's live heap is 55–95 MB, so the default let garbage pile
 * up to a peak resident memory of 330–430 MB in the benchmark (docs/perf/history.md, "Tenth
 * round"); at 1024 MB it collects sooner, at no CPU cost the bench could show (768 did not lower
 * the peak further), and it is still 10× the live heap: the largest answer built in memory (a team
 * report's CSV) takes a few tens of MB.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32', '--max-old-space-size=1024'];
