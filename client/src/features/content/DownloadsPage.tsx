import { PRODUCT_NAME } from '@domain/constants';
import { Link } from '@router';
import { useSiteLinks } from '@shell/externalLinks';
import { PageFrame } from '@ui/PageFrame';
import './content.css';

/**
 * docs/product.md §Downloads: what the mobile app does, and a link to each store the operator has
 * set (`APP_STORE_URL`, `PLAY_STORE_URL`); an unset one is not shown, never a placeholder.
 */
export default function DownloadsPage() {
  const { appStore, playStore } = useSiteLinks();
  const stores = [
    appStore && { name: 'Download on the App Store', note: 'iPhone and iPad', href: appStore },
    playStore && { name: 'Get it on Google Play', note: 'Android phones and tablets', href: playStore },
  ].filter((store): store is { name: string; note: string; href: string } => Boolean(store));

  return (
    <PageFrame heading="Downloads" purpose={`Get the ${PRODUCT_NAME} mobile app.`}>
      <h2>{PRODUCT_NAME} on your phone</h2>
      <p>
        The mobile app is {PRODUCT_NAME} itself, made for a phone: the same account, posts, credits and profile as on the web, and the same
        answers, since both use one API.
      </p>
      <ul className="content-list">
        <li>Paste a link to a post to import it and keep its numbers fresh.</li>
        <li>Accept or decline a credit as soon as someone names you, from your notifications.</li>
        <li>Credit the people you worked with on the posts you imported.</li>
        <li>Show your profile, your portfolio of credited work, to anyone you meet.</li>
        <li>Sign in with your email address, or with Google or Twitter natively in the app.</li>
      </ul>
      <h2>Get the app</h2>
      {stores.length > 0 ? (
        <ul className="downloads__stores">
          {stores.map((store) => (
            <li key={store.href}>
              <a className="button button--primary" href={store.href}>
                {store.name}
              </a>
              <span className="downloads__note">{store.note}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p>
          The app is not offered in a store for this site yet. Until it is, {PRODUCT_NAME} works in your phone’s browser: open this site and
          sign in as usual.
        </p>
      )}
      <p>
        Questions about the app? See the <Link to="/help">Help Centre</Link>.
      </p>
    </PageFrame>
  );
}
