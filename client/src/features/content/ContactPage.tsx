import { EXTERNAL_LINKS } from '@shell/externalLinks';
import { PageFrame } from '@ui/PageFrame';
import './content.css';

export default function ContactPage() {
  return (
    <PageFrame heading="Contact" purpose="How to reach the Byline team.">
      <ul className="content-list">
        <li>
          Questions about your account or a post: the <a href={EXTERNAL_LINKS.helpCentre}>Help Centre</a>.
        </li>
        <li>
          Something not working: check the <a href={EXTERNAL_LINKS.status}>status page</a> first.
        </li>
        <li>
          Byline for your brand or agency: <a href={EXTERNAL_LINKS.bookDemo}>book a demo</a>.
        </li>
      </ul>
    </PageFrame>
  );
}
