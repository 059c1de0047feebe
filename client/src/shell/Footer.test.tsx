import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notificationCountsAnswer, SITE_LINKS, siteLinksAnswer, viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const networks = { __typename: 'Query' as const, networks: [] };

function column(name: string) {
  const nav = within(screen.getByRole('contentinfo')).getByRole('navigation', { name });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('footer', () => {
  it('has the social links, four columns, the copyright year and the legal links', async () => {
    renderApp('/blog', { Viewer: viewerAnswer(null), Networks: networks, SiteLinks: siteLinksAnswer() });
    const footer = within(await screen.findByRole('contentinfo'));
    await screen.findByRole('heading', { level: 1, name: 'Blog' });
    await footer.findByRole('link', { name: 'Merch' });

    expect(column('Social')).toEqual(SITE_LINKS.socialProfiles.map((profile) => [profile.network, profile.url]));
    expect(footer.getByRole('link', { name: 'Byline on Instagram' })).toBeTruthy();
    expect(column('For Creatives')).toEqual([
      ['Sign In', '/signin?returnTo=%2Fblog'],
      ['Explore', '/explore'],
      ['Jobs', '/jobs'],
    ]);
    expect(column('For Businesses')).toEqual([
      ['Get Started', '/plans#business'],
      ['Book a Demo', '/contact?subject=Book+a+Demo'],
      ['Creator Search', '/creators'],
    ]);
    expect(column('Resources')).toEqual([
      ['Blog', '/blog'],
      ['Creatives', '/creators'],
      ['Downloads', '/downloads'],
      ['Developers', '/developers/explorer'],
      ['Help Centre', '/help'],
    ]);
    expect(column('Company')).toEqual([
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Status', '/status'],
      ['Merch', SITE_LINKS.merch],
    ]);
    expect(footer.getByText(`© ${new Date().getFullYear()} Byline`)).toBeTruthy();
    expect(column('Legal')).toEqual([
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
    ]);
  });

  it('leaves out every outside address the server has not set: no placeholder anywhere', async () => {
    renderApp('/blog', { Viewer: viewerAnswer(null), Networks: networks, SiteLinks: siteLinksAnswer({ merch: null, socialProfiles: [] }) });
    const footer = within(await screen.findByRole('contentinfo'));
    await screen.findByRole('heading', { level: 1, name: 'Blog' });
    expect(footer.queryByRole('navigation', { name: 'Social' })).toBeNull();
    expect(footer.queryByRole('link', { name: 'Merch' })).toBeNull();
    const origins = footer.getAllByRole('link').map((link) => new URL(link.getAttribute('href') ?? '', window.location.href).origin);
    expect(new Set(origins)).toEqual(new Set([window.location.origin]));
  });

  it('offers Invite a friend instead of Sign In when signed in', async () => {
    renderApp('/blog', { Viewer: viewerAnswer({}), Networks: networks, NotificationCounts: notificationCountsAnswer(0) });
    await screen.findByRole('link', { name: 'Your profile' });
    expect(column('For Creatives')[0]).toEqual(['Invite a friend', '/invite']);
  });
});
