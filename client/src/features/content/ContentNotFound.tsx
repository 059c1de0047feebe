import { Link } from '@router';

/** An unknown post or article: the not-found page's words, with the way back to its index (the server answers 404). */
export function ContentNotFound({ what, indexPath, indexName }: { what: string; indexPath: string; indexName: string }) {
  return (
    <section className="page" aria-labelledby="content-not-found-heading">
      <h1 id="content-not-found-heading">{what} not found</h1>
      <p>There is no {what.toLowerCase()} at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to={indexPath}>Go to {indexName}</Link>
      </p>
    </section>
  );
}
