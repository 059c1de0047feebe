import { useEffect } from 'react';
import { Link, useRouteError } from '@router';
import * as MESSAGES from '@domain/messages';

/** Shown when a page throws or its code cannot be loaded. The generic message of docs/product.md §Errors. */
export function RouteError() {
  const error = useRouteError();

  useEffect(() => {
    // docs/product.md §Errors: uncaught errors are logged to the console with no further user-facing detail.
    console.error(error);
  }, [error]);

  return (
    <section className="page" aria-labelledby="route-error-heading">
      <h1 id="route-error-heading">{MESSAGES.unexpected}</h1>
      <p>
        Try reloading the page, or go to the <Link to="/">home page</Link>.
      </p>
    </section>
  );
}
