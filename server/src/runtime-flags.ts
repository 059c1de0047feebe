/**
 * Node flags the server process runs with (`npm start`, the benchmark's server, and the
 * Dockerfile's CMD, which cannot import this file: runtime-flags.test.ts keeps the two the same).
 *
 * `--max-semi-space-size=16`: V8 otherwise grows the young generation to 128 MB (two 64 MB
 * semi-spaces) under load, and a request's short-lived objects (rows, GraphQL results) fill it
 * before each scavenge: that was ~100 MB of the server's 450–530 MB peak resident memory in the
 * benchmark (bench/README.md, "Memory"). 16 MB semi-spaces (32 MB in all) scavenge more often but
 * each scavenge copies only what is alive, which for a request-answering server is little.
 *
 * Not here, measured (bench/README.md, "Memory, sixth round"): `--max-old-space-size=1536`. Below
 * a 2 GB limit V8 lowers how far the old generation may grow past its live size between full GCs
 * (4× at 2 GB and up, 1.8× at 1536 MB), and 1536 keeps the bench's peak RSS at 252–265 MB
 * against 354–416 MB; but it runs 1.2–3.5× the full GCs, and feed and explore then cost 6–33%
 * more server CPU per request in every interleaved run (explore's req/s 20–24% lower in three of
 * four), which the throughput targets cannot spare.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16'];
