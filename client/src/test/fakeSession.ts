import { noTeamsToSwitch, notificationCountsAnswer, viewerAnswer, type FakeAnswers } from './fakeGraphQL';
import type { ViewerQuery } from '@gql/graphql';

type Viewer = NonNullable<ViewerQuery['viewer']>;

/**
 * Who the fake GraphQL server says is signed in. A test flips it when the fake REST sign-in
 * succeeds, so the Viewer refetch after `refreshSession` sees the new user, as in the app.
 */
export function fakeSession(initial: Partial<Viewer> | null = null) {
  let viewer = initial;
  let viewerRequests = 0;
  const answers: FakeAnswers = {
    Viewer: () => {
      viewerRequests++;
      return viewerAnswer(viewer);
    },
    NotificationCounts: notificationCountsAnswer(0),
    // The menu's team switcher, for whoever is signed in now: on no team, so it shows none.
    TeamSwitcher: () => noTeamsToSwitch(viewerAnswer(viewer).viewer?.id ?? null),
  };
  return {
    answers,
    signIn(signedIn: Partial<Viewer> = {}) {
      viewer = signedIn;
    },
    signOut() {
      viewer = null;
    },
    get viewerRequests() {
      return viewerRequests;
    },
  };
}
