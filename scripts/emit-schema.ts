/**
 * Writes schema/schema.graphql from the server code. The file is the public contract of the
 * API (web, mobile shell, integrators); a test fails when it is stale.
 */
import { writeFileSync } from 'node:fs';
import { printAppSchema } from '../server/src/graphql/print-schema.js';

const target = new URL('../schema/schema.graphql', import.meta.url);
writeFileSync(target, await printAppSchema());
console.log(`wrote ${target.pathname}`);
