import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { Link, useLocation } from '@router';
import { ViewerDocument } from '@gql/graphql';
import { trackSignInClick } from './analytics';
import { PRODUCT_NAME } from './brand';
import { IN_APP_LINKS, useSiteLinks } from './externalLinks';
import { signInHref } from './returnTo';
import './footer.css';

function FooterColumn({ heading, children }: { heading: string; children: ReactNode }) {
  const id = `footer-${heading.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <nav className="footer__column" aria-labelledby={id}>
      <h2 id={id} className="footer__heading">
        {heading}
      </h2>
      <ul>{children}</ul>
    </nav>
  );
}

/** docs/product.md §Shell: social links, four columns, the copyright line and the legal links. */
export function Footer() {
  const { data } = useQuery(ViewerDocument);
  const { pathname, search } = useLocation();
  const signedIn = Boolean(data?.viewer);
  const { merch, socialProfiles } = useSiteLinks();
  const year = new Date().getFullYear();

  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Link to="/" className="footer__logo">
            {PRODUCT_NAME}
          </Link>
          {socialProfiles.length > 0 && (
            <nav aria-label="Social">
              <ul className="footer__social">
                {socialProfiles.map((profile) => (
                  <li key={profile.network}>
                    <a href={profile.url} aria-label={`${PRODUCT_NAME} on ${profile.network}`}>
                      {profile.network}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>

        <div className="footer__columns">
          <FooterColumn heading="For Creatives">
            <li>
              {signedIn ? (
                <Link to="/invite">Invite a friend</Link>
              ) : (
                <Link to={signInHref(pathname + search)} onClick={trackSignInClick}>
                  Sign In
                </Link>
              )}
            </li>
            <li>
              <Link to="/explore">Explore</Link>
            </li>
            <li>
              <Link to="/jobs">Jobs</Link>
            </li>
          </FooterColumn>
          <FooterColumn heading="For Businesses">
            <li>
              <Link to={IN_APP_LINKS.business}>Get Started</Link>
            </li>
            <li>
              <Link to={IN_APP_LINKS.bookDemo}>Book a Demo</Link>
            </li>
            <li>
              <Link to="/creators">Creator Search</Link>
            </li>
          </FooterColumn>
          <FooterColumn heading="Resources">
            <li>
              <Link to="/blog">Blog</Link>
            </li>
            <li>
              <Link to={IN_APP_LINKS.creatives}>Creatives</Link>
            </li>
            <li>
              <Link to="/downloads">Downloads</Link>
            </li>
            <li>
              <Link to="/developers/explorer">Developers</Link>
            </li>
            <li>
              <Link to={IN_APP_LINKS.helpCentre}>Help Centre</Link>
            </li>
          </FooterColumn>
          <FooterColumn heading="Company">
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to={IN_APP_LINKS.status}>Status</Link>
            </li>
            {merch && (
              <li>
                <a href={merch}>Merch</a>
              </li>
            )}
          </FooterColumn>
        </div>

        <div className="footer__legal">
          <p>
            © {year} {PRODUCT_NAME}
          </p>
          <nav aria-label="Legal">
            <ul>
              <li>
                <Link to="/privacy">Privacy Policy</Link>
              </li>
              <li>
                <Link to="/terms">Terms of Service</Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}

/** The footer flag (route handle `hideFooter`): the footer gives way to plain spacing. */
export function FooterSpacer() {
  return <div className="footer-spacer" aria-hidden="true" />;
}
