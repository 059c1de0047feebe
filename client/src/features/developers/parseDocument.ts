// graphql's parser, loaded by the light query panel only when a query may be a subscription
// (lightOperation.ts): Apollo Client does not need it, so it is not in the shell's files.
export { parse } from 'graphql';
