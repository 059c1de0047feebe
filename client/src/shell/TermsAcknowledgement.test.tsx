import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CURRENT_TERMS } from '@domain/terms';
import { notificationCountsAnswer, viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { TERMS_DIALOG_TITLE } from './TermsAcknowledgementDialog';

const networks = { __typename: 'Query' as const, networks: [] };

describe('the terms acknowledgement dialog (docs/product.md §Terms)', () => {
  it('blocks the page for a viewer with a newer material version until they accept, then goes', async () => {
    let accepted: Record<string, unknown> | null = null;
    const { fake } = renderApp('/about', {
      Viewer: viewerAnswer({ termsAcknowledgementNeeded: true }),
      NotificationCounts: notificationCountsAnswer(0),
      Networks: networks,
      AcknowledgeTerms: (variables) => {
        accepted = variables;
        return { __typename: 'Mutation', acknowledgeTerms: { __typename: 'AcknowledgeTermsPayload', user: { __typename: 'User', id: '1', termsAcknowledged: true, termsAcknowledgementNeeded: false } } };
      },
    });
    const dialog = await screen.findByRole('dialog', { name: TERMS_DIALOG_TITLE });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // Focus is inside, and nothing but an answer closes it: no close button, Escape does nothing.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(dialog);
    expect(screen.getByRole('dialog', { name: TERMS_DIALOG_TITLE })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /Read the Terms of Service/ }).getAttribute('href')).toBe('/terms');
    expect(within(dialog).getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/signout');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TERMS_DIALOG_TITLE })).toBeNull());
    expect(accepted).toEqual({ input: { version: CURRENT_TERMS.id } });
    expect(fake.requests).toContain('AcknowledgeTerms');
  });

  it('keeps asking, and says so, when accepting fails', async () => {
    renderApp('/about', {
      Viewer: viewerAnswer({ termsAcknowledgementNeeded: true }),
      NotificationCounts: notificationCountsAnswer(0),
      Networks: networks,
      AcknowledgeTerms: () => {
        throw new Error('offline');
      },
    });
    const dialog = await screen.findByRole('dialog', { name: TERMS_DIALOG_TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept and continue' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Something went wrong. Please try again later.');
    expect(screen.getByRole('dialog', { name: TERMS_DIALOG_TITLE })).toBeTruthy();
  });

  it('does not show for a viewer who is up to date, nor for visitors', async () => {
    renderApp('/about', { Viewer: viewerAnswer({}), NotificationCounts: notificationCountsAnswer(0), Networks: networks });
    await screen.findByRole('heading', { level: 1, name: 'About' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('on /terms itself', () => {
  it('lets the viewer read the terms, with the answers in a bar instead of a blocking dialog', async () => {
    renderApp('/terms', {
      Viewer: viewerAnswer({ termsAcknowledgementNeeded: true }),
      NotificationCounts: notificationCountsAnswer(0),
      Networks: networks,
      AcknowledgeTerms: { __typename: 'Mutation', acknowledgeTerms: { __typename: 'AcknowledgeTermsPayload', user: { __typename: 'User', id: '1', termsAcknowledged: true, termsAcknowledgementNeeded: false } } },
    });
    const bar = await screen.findByRole('region', { name: 'Accept the updated terms' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Accept the updated terms' })).toBeNull());
  });
});
