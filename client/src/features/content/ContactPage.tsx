import { Link } from '@router';
import { PageFrame } from '@ui/PageFrame';
import './content.css';

export default function ContactPage() {
  return (
    <PageFrame heading="Contact" purpose="How to reach the Byline team.">
      <ul className="content-list">
        <li>
          Byline for your brand or agency: see what the <Link to="/plans#business">business plan</Link> includes.
        </li>
        <li>
          Building on Byline: the <Link to="/developers/explorer">API explorer</Link> documents every query.
        </li>
      </ul>
    </PageFrame>
  );
}
