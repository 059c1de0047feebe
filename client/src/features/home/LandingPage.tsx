import { Link } from '@router';
import { FEATURED_CREATORS_TIMEOUT_MS, TESTIMONIALS_TIMEOUT_MS } from '@domain/constants';
import { formatCount } from '@domain/format';
import { FeaturedCreatorsDocument, TestimonialsDocument, type FeaturedCreatorsQuery, type TestimonialsQuery } from '@gql/graphql';
import { Avatar } from '@ui/Avatar';
import { PageFrame } from '@ui/PageFrame';
import { SupportedNetworks } from './SupportedNetworks';
import { useTimedQuery } from './useTimedQuery';

const STEPS = [
  { title: 'Track', text: 'Paste a link to a post on TikTok, Instagram, YouTube, X and more. Byline imports it and keeps its views, likes and comments fresh.' },
  { title: 'Credit', text: 'Name the people who made it, from Director and Photographer to Editor. They accept, and the credit is public.' },
  { title: 'Show', text: 'Every credit lands in a portfolio with the numbers behind it, for the brands and teams looking for talent.' },
];

function SignUpActions() {
  return (
    <p className="home__actions">
      <Link className="button button--primary" to="/signup?returnTo=%2F">
        Sign up (free)
      </Link>
      <Link className="button button--outline" to="/signin?returnTo=%2F">
        Sign in
      </Link>
    </p>
  );
}

type Creator = FeaturedCreatorsQuery['featuredCreators'][number];

function creatorName(creator: Creator): string {
  return creator.user.name ?? creator.user.username ?? 'Creator';
}

function FeaturedCreators({ creators }: { creators: Creator[] }) {
  return (
    <section aria-labelledby="featured-creators-heading" className="home__section" data-testid="featured-creators">
      <h2 id="featured-creators-heading">Featured creators</h2>
      <ul className="home__cards">
        {creators.map((creator) => (
          <li key={creator.user.id} className="home__card">
            <Avatar name={creatorName(creator)} avatarUrl={creator.user.avatarUrl ?? null} />
            <Link to={`/${creator.user.username ?? ''}`}>{creatorName(creator)}</Link>
            <span className="home__card-meta">
              {formatCount(creator.creditedPosts)} credited posts · {formatCount(creator.views)} views
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Real portfolios to look at: the first featured creators' pages. */
function ExamplePortfolios({ creators }: { creators: Creator[] }) {
  return (
    <section aria-labelledby="example-portfolios-heading" className="home__section" data-testid="example-portfolios">
      <h2 id="example-portfolios-heading">Example portfolios</h2>
      <p>A portfolio gathers every post someone is credited on, with its role and its numbers.</p>
      <ul className="home__portfolio-links">
        {creators.slice(0, 3).map((creator) => (
          <li key={creator.user.id}>
            <Link to={`/${creator.user.username ?? ''}`}>See {creatorName(creator)}’s portfolio</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CreatorSections() {
  const { data } = useTimedQuery<FeaturedCreatorsQuery, Record<string, never>>(FeaturedCreatorsDocument, FEATURED_CREATORS_TIMEOUT_MS);
  const creators = data?.featuredCreators ?? [];
  // Left out while loading, on a timeout or error, and when there is nobody yet.
  if (creators.length === 0) return null;
  return (
    <>
      <FeaturedCreators creators={creators} />
      <ExamplePortfolios creators={creators} />
    </>
  );
}

function Testimonials() {
  const { data } = useTimedQuery<TestimonialsQuery, Record<string, never>>(TestimonialsDocument, TESTIMONIALS_TIMEOUT_MS);
  const testimonials = data?.testimonials ?? [];
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-heading" className="home__section" data-testid="testimonials">
      <h2 id="testimonials-heading">What people say</h2>
      <ul className="home__cards">
        {testimonials.map((testimonial) => (
          <li key={testimonial.authorName} className="home__card">
            <blockquote className="home__quote">{testimonial.quote}</blockquote>
            <span className="home__card-meta">
              {testimonial.authorName}
              {testimonial.authorTitle ? `, ${testimonial.authorTitle}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The signed-out home page: what Byline does, who uses it, the networks, and the way in. */
export function LandingPage() {
  return (
    <PageFrame
      heading="Credit the people behind the posts"
      purpose="Paste a link to a social-media post: Byline imports it, keeps its numbers fresh, and credits the people who made it, from Director and Photographer to Editor."
    >
      <SignUpActions />
      <section aria-labelledby="what-byline-does-heading" className="home__section">
        <h2 id="what-byline-does-heading">What Byline does</h2>
        <ol className="home__steps">
          {STEPS.map((step) => (
            <li key={step.title}>
              <strong>{step.title}.</strong> {step.text}
            </li>
          ))}
        </ol>
      </section>
      <CreatorSections />
      <Testimonials />
      <section aria-labelledby="supported-networks-heading" className="home__networks">
        <h2 id="supported-networks-heading">Supported networks</h2>
        <SupportedNetworks />
      </section>
      <section aria-labelledby="join-heading" className="home__section">
        <h2 id="join-heading">Get credit for your work</h2>
        <SignUpActions />
      </section>
    </PageFrame>
  );
}
