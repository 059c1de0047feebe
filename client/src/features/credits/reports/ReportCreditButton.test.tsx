import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REASON_REQUIRED } from '@domain/credit-reports';
import type { ReportCreditMutation } from '@gql/graphql';
import { creditAnswer as credit, FakeGraphQLError, notificationCountsAnswer, postAnswer, postCreditsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { SAM } from '../creditTestData';

const REPORTABLE = { __typename: 'CreditViewerCan', accept: false, decline: false, remove: false, report: true } as const;

function signedIn(answers: FakeAnswers): FakeAnswers {
  return { Viewer: viewerAnswer({ id: 'VXNlcjo5' }), NotificationCounts: notificationCountsAnswer(0), Post: postAnswer(), ...answers };
}

const reported: ReportCreditMutation = { __typename: 'Mutation', reportCredit: { __typename: 'ReportCreditPayload', report: { __typename: 'CreditReport', id: 'Q3JlZGl0UmVwb3J0OjE=', status: 'OPEN' } } };

describe('reporting a credit on the post page', () => {
  it('offers Report only where viewerCan.report says so, and sends the reason once given', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderApp(
      '/posts/1234',
      signedIn({
        PostCredits: postCreditsAnswer([credit('c1'), credit('c2', { user: SAM, viewerCan: REPORTABLE })]),
        ReportCredit: (variables) => {
          sent.push(variables);
          return reported;
        },
      }),
    );
    await screen.findByTestId('post-credits');
    expect(screen.queryByRole('button', { name: 'Report Jane Doe as 🎬 Director' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Report Sam Lee as 🎬 Director' }));

    const dialog = await screen.findByTestId('report-credit-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(REASON_REQUIRED);
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText('What is wrong with this credit?'), '  Sam only did the catering  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByTestId('report-credit-dialog')).toBeNull());
    expect(sent).toEqual([{ input: { creditId: 'c2', reason: 'Sam only did the catering' } }]);
    expect(await screen.findByText(/An admin will check this credit/)).toBeTruthy();
  });

  it('shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    renderApp(
      '/posts/1234',
      signedIn({
        PostCredits: postCreditsAnswer([credit('c2', { user: SAM, viewerCan: REPORTABLE })]),
        ReportCredit: () => {
          throw new FakeGraphQLError('That resource already exists', 'CONFLICT');
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Report Sam Lee as 🎬 Director' }));
    const dialog = await screen.findByTestId('report-credit-dialog');
    await user.type(within(dialog).getByLabelText('What is wrong with this credit?'), 'Wrong person');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That resource already exists');
  });
});
