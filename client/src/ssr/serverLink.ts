import { ApolloLink } from '@apollo/client';
import { print } from 'graphql';
import { Observable } from 'rxjs';
import type { ExecuteOnServer } from '@domain/server-render';

/**
 * The server render's only way to data: the server's own GraphQL executor, in the same process,
 * with the visitor's context (its checks, cost limit and errors), instead of HTTP to itself.
 */
export function serverLink(execute: ExecuteOnServer): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        execute({ query: print(operation.query), operationName: operation.operationName, variables: operation.variables }).then(
          (result) => {
            observer.next(result as ApolloLink.Result);
            observer.complete();
          },
          (error: unknown) => observer.error(error),
        );
      }),
  );
}
