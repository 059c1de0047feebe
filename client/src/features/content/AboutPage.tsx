import { Link } from '@router';
import { PRODUCT_NAME } from '@domain/constants';
import { PageFrame } from '@ui/PageFrame';

export default function AboutPage() {
  return (
    <PageFrame heading="About" purpose={`${PRODUCT_NAME} is a platform for tracking and crediting creative content across social networks.`}>
      <p>
        Creators and brands paste links to posts on TikTok, Instagram, YouTube and eight other networks. {PRODUCT_NAME} imports
        each post, keeps its numbers fresh, and lets everyone who made it be credited by role: Director, Photographer, Editor and
        more.
      </p>
      <p>
        Every profile is a portfolio built from those credits. On top of that come creator and post search, teams, jobs, projects,
        lists and analytics.
      </p>
      <p>
        <Link to="/explore">Explore the posts</Link> or <Link to="/creators">find creators</Link>.
      </p>
    </PageFrame>
  );
}
