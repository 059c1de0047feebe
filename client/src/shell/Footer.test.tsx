import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notificationCountsAnswer, viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { EXTERNAL_LINKS, SOCIAL_PROFILES } from './externalLinks';

const networks = { __typename: 'Query' as const, networks: [] };

function column(name: string) {
  const nav = within(screen.getByRole('contentinfo')).getByRole('navigation', { name });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('footer', () => {
  it('has the social links, four columns, the copyright year and the legal links', async () => {
    renderApp('/blog', { Viewer: viewerAnswer(null), Networks: networks });
    const footer = within(await screen.findByRole('contentinfo'));
    await screen.findByRole('heading', { level: 1, name: 'Blog' });

    expect(column('Social')).toEqual(SOCIAL_PROFILES.map((profile) => [profile.network, profile.url]));
    expect(footer.getByRole('link', { name: 'Byline on Instagram' })).toBeTruthy();
    expect(column('For Creatives')).toEqual([
      ['Sign In', '/signin?returnTo=%2Fblog'],
      ['Explore', '/explore'],
      ['Jobs', '/jobs'],
    ]);
    expect(column('For Businesses')).toEqual([
      ['Get Started', EXTERNAL_LINKS.business],
      ['Book a Demo', EXTERNAL_LINKS.bookDemo],
      ['Creator Search', '/creators'],
    ]);
    expect(column('Resources')).toEqual([
      ['Blog', '/blog'],
      ['Help Centre', EXTERNAL_LINKS.helpCentre],
      ['Creatives', EXTERNAL_LINKS.creatives],
      ['Downloads', '/downloads'],
      ['Developers', '/developers/explorer'],
    ]);
    expect(column('Company')).toEqual([
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Status', EXTERNAL_LINKS.status],
      ['Merch', EXTERNAL_LINKS.merch],
    ]);
    expect(footer.getByText(`© ${new Date().getFullYear()} Byline`)).toBeTruthy();
    expect(column('Legal')).toEqual([
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
    ]);
  });

  it('offers Invite a friend instead of Sign In when signed in', async () => {
    renderApp('/blog', { Viewer: viewerAnswer({}), Networks: networks, NotificationCounts: notificationCountsAnswer(0) });
    await screen.findByRole('link', { name: 'Your profile' });
    expect(column('For Creatives')[0]).toEqual(['Invite a friend', '/invite']);
  });
});
