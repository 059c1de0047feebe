import { ApolloLink } from '@apollo/client';
import { getMainDefinition } from '@apollo/client/utilities';
import { print } from 'graphql';
import { Observable } from 'rxjs';
import type { ExecuteOnServer } from '@domain/server-render';

/**
 * The server render's only way to data: the server's own GraphQL executor, in the same process,
 * with the visitor's context (its checks, cost limit and errors), instead of HTTP to itself.
 *
 * Queries only. Rendering a page, even for someone signed in, must change nothing: a mutation is
 * refused here rather than run on their behalf, and a subscription (the live notification count)
 * is the browser's to open once it has taken the page over.
 */
export function serverLink(execute: ExecuteOnServer): ApolloLink {
  return new ApolloLink((operation) => {
    const definition = getMainDefinition(operation.query);
    const kind = definition.kind === 'OperationDefinition' ? definition.operation : 'fragment';
    if (kind !== 'query') {
      return new Observable((observer) => observer.error(new Error(`A server render sends queries only, not a ${kind} (${operation.operationName ?? 'unnamed'})`)));
    }
    return new Observable((observer) => {
      execute({ query: print(operation.query), operationName: operation.operationName, variables: operation.variables }).then(
        (result) => {
          observer.next(result as ApolloLink.Result);
          observer.complete();
        },
        (error: unknown) => observer.error(error),
      );
    });
  });
}
