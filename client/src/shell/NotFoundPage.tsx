import { Link } from '@router';

/** docs/product.md §Pages: /404, any unknown path, and admin pages for non-admins. */
export default function NotFoundPage() {
  return (
    <section className="page" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">Page not found</h1>
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
