/**
 * Node flags the server process runs with (`npm start`, the Dockerfile, the benchmark's server).
 *
 * `--max-semi-space-size=16`: V8 otherwise grows the young generation to 128 MB (two 64 MB
 * semi-spaces) under load, and a request's short-lived objects (rows, GraphQL results) fill it
 * before each scavenge: that was ~100 MB of the server's 450–530 MB peak resident memory in the
 * benchmark (bench/README.md, "Memory"). 16 MB semi-spaces (32 MB in all) scavenge more often but
 * each scavenge copies only what is alive, which for a request-answering server is little.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16'];
