import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { OperationTypeNode, type FormattedExecutionResult } from 'graphql';
import { Observable, Subject, of, throwError } from 'rxjs';
import type {
  NetworksQuery,
  NotificationCountsChangedSubscription,
  NotificationCountsQuery,
  ViewerQuery,
} from '../gql/graphql';

/** What the fake server answers, per operation name. A function may throw to fail the call. */
export interface FakeAnswers {
  Viewer?: ViewerQuery | (() => ViewerQuery);
  Networks?: NetworksQuery | (() => NetworksQuery);
  NotificationCounts?: NotificationCountsQuery | (() => NotificationCountsQuery);
}

type Viewer = NonNullable<ViewerQuery['viewer']>;

export function viewerAnswer(viewer: Partial<Viewer> | null): ViewerQuery {
  return {
    __typename: 'Query',
    viewer: viewer && {
      __typename: 'User',
      id: '1',
      username: 'janedoe',
      name: 'Jane Doe',
      avatarUrl: null,
      isAdmin: false,
      isPro: false,
      ...viewer,
    },
  };
}

export function notificationCountsAnswer(count: number): NotificationCountsQuery {
  return { __typename: 'Query', notificationCounts: { __typename: 'NotificationCounts', new: count } };
}

/**
 * A client-side stand-in for the GraphQL server: an Apollo link that answers queries
 * from `answers` and lets a test push subscription events. Records every operation.
 */
export function createFakeGraphQL(answers: FakeAnswers) {
  const requests: string[] = [];
  const notificationEvents = new Subject<FormattedExecutionResult<NotificationCountsChangedSubscription>>();
  let notificationSubscribers = 0;

  const link = new ApolloLink((operation) => {
    const name = operation.operationName ?? '';
    requests.push(name);

    if (operation.operationType === OperationTypeNode.SUBSCRIPTION) {
      if (name !== 'NotificationCountsChanged') return throwError(() => new Error(`No fake for ${name}`));
      return new Observable((subscriber) => {
        notificationSubscribers++;
        const subscription = notificationEvents.subscribe(subscriber);
        return () => {
          notificationSubscribers--;
          subscription.unsubscribe();
        };
      });
    }

    const answer = answers[name as keyof FakeAnswers];
    if (answer === undefined) return throwError(() => new Error(`No fake for ${name}`));
    try {
      const data = typeof answer === 'function' ? answer() : answer;
      return of({ data });
    } catch (error) {
      return throwError(() => error);
    }
  });

  const client = new ApolloClient({ link, cache: new InMemoryCache() });

  return {
    client,
    requests,
    /** Emit a new count on the live notification subscription. */
    pushNotificationCount(count: number) {
      notificationEvents.next({
        data: { notificationCounts: { __typename: 'NotificationCounts', new: count } },
      });
    },
    get notificationSubscribers() {
      return notificationSubscribers;
    },
  };
}
