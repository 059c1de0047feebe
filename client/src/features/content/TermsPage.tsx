import { CURRENT_TERMS, TERMS_VERSIONS, formatTermsDate } from '@domain/terms';
import { Link } from '@router';
import { PageFrame } from '@ui/PageFrame';
import './content.css';

/**
 * The terms of service in force (docs/product.md §Terms). The text here is the current version
 * in domain/terms.ts: a change to what it says is a new version there, marked material when it
 * changes what people agreed to.
 */
export default function TermsPage() {
  return (
    <PageFrame heading="Terms of Service" purpose="The agreement between you and Byline when you use Byline, its apps and its API.">
      <p className="content-meta">
        Version {CURRENT_TERMS.id}, in effect from {formatTermsDate(CURRENT_TERMS.effective)}.
      </p>
      <div className="content-prose">
        <p>
          Byline is where creatives and brands keep the social-media posts they made or paid for, credit the people behind each one
          and follow how the posts do. These terms say what you can expect from us and what we expect from you. By creating an
          account, or by using Byline without one, you accept them. Our <Link to="/privacy">Privacy Policy</Link> explains what we
          store about you and why.
        </p>

        <h2>Your account</h2>
        <ul>
          <li>You sign up with an email address and password, or with Google or Twitter. An account is for one person or one company; keep your login to yourself.</li>
          <li>Give a name that is yours (or your company's) and keep your email address current: sign-in links, codes and credit invitations go there.</li>
          <li>You must be old enough to agree to these terms where you live, and at least 16.</li>
          <li>You are responsible for what is done with your account and with the access tokens you create for it. Tell us at once through <Link to="/contact">Contact</Link> if you think someone else is using it.</li>
        </ul>

        <h2>Content and credits</h2>
        <ul>
          <li>
            When you add a link, Byline imports what the network shows publicly about the post (its caption, picture, posting account
            and numbers such as views and likes) and refreshes those numbers over time. We never reach a network for a post that is
            private to you.
          </li>
          <li>
            The posts stay yours, or their owners'. You give us permission to store, show and index what we import and what you write
            (credits, your profile, lists, comments) so Byline can work: on your profile, on post pages, in search and through the
            API. This permission ends when you remove the content or your account, apart from copies in backups that expire on their own.
          </li>
          <li>Only add posts and credits that are true. A credit says that a person did a job on a post; adding one that is false is a breach of these terms.</li>
        </ul>

        <h2>Consent to be credited</h2>
        <ul>
          <li>
            Nobody is shown as having worked on something they did not agree to. A credit someone else gives you waits, visible only to
            the people involved, until you accept it; you may decline it at any time, before or after accepting.
          </li>
          <li>
            When you credit someone who is not on Byline by email, we mail them once with a link to claim the credit, and their address
            is never shown to others. Only credit people by email if you have a reason to believe they worked on the post.
          </li>
          <li>Anyone can report an accepted credit they believe is wrong. Our team reviews each report and keeps or removes the credit; both sides are told.</li>
        </ul>

        <h2>Acceptable use</h2>
        <p>Do not use Byline to:</p>
        <ul>
          <li>claim work that is not yours, or credit people for work they did not do;</li>
          <li>harass, threaten or impersonate anyone, or publish anything unlawful;</li>
          <li>collect other people's data in bulk, or use the API beyond its limits or to get around a limit or a permission;</li>
          <li>send spam or unwanted invitations, including through credits and the contact form;</li>
          <li>break, probe or overload the service, or break the terms of the networks whose posts you add.</li>
        </ul>

        <h2>Paid plans and refunds</h2>
        <ul>
          <li>
            The free plan lets you track posts, credit people, keep a profile and lists. PRO, Teams and Business add paid features;
            the prices are on the payment page and, for invoiced plans, on your invoice.
          </li>
          <li>
            Card plans are charged in advance for each period through Stripe and renew until you cancel in the billing portal. A
            cancelled plan runs to the end of the period you paid for.
          </li>
          <li>
            If you ask within 14 days of a first payment for a plan, we refund it in full. After that, payments are not refunded
            for a part of a period, except where the law where you live gives you more, or where we end your plan for a reason
            that is not your fault, in which case we refund the unused part.
          </li>
          <li>We tell you at least 30 days before a price change applies to you, and you may cancel before it does.</li>
        </ul>

        <h2>Ending your use of Byline</h2>
        <ul>
          <li>You can delete your account at any time in Settings. Your profile and your own credits go with it; credits you gave others stay, without your name.</li>
          <li>
            We may suspend or close an account that breaks these terms, puts others at risk or is required to be closed by law.
            Unless the law or safety prevents it, we tell you why and give you a chance to answer first.
          </li>
          <li>We may stop offering Byline or a part of it; if we do, we give at least 60 days' notice and refund paid periods not yet used.</li>
        </ul>

        <h2>Liability</h2>
        <ul>
          <li>
            Byline shows numbers that networks publish, and networks change them, hide them or stop giving them: we do our best to
            keep them right, but we cannot promise they are. The service is provided as it is, and may be interrupted; the{' '}
            <Link to="/status">status page</Link> shows how it is doing.
          </li>
          <li>
            To the extent the law allows, we are not liable for indirect losses such as lost profits or opportunities, and our total
            liability to you is limited to what you paid us in the 12 months before the claim. Nothing in these terms limits
            liability that the law does not allow to be limited, or your rights as a consumer.
          </li>
        </ul>

        <h2>Changes to these terms</h2>
        <ul>
          <li>Every version of these terms has a date and an id, shown above, and we keep each one.</li>
          <li>
            When a change affects your rights, what you pay or what we may do with your content, we ask you to accept the new
            version the next time you open Byline, and you can decline by closing your account. Smaller changes (corrections,
            clearer wording) take effect when published.
          </li>
        </ul>

        <h2>Contact</h2>
        <p>
          Questions about these terms, a refund or your account: write to us through the <Link to="/contact?subject=Terms%20of%20Service">contact form</Link>.
        </p>

        <h2>Versions</h2>
        <ul>
          {[...TERMS_VERSIONS].reverse().map((version) => (
            <li key={version.id}>
              {version.id} ({formatTermsDate(version.effective)}){version.material ? ', asked everyone to accept again' : ''}: {version.summary}
            </li>
          ))}
        </ul>
      </div>
    </PageFrame>
  );
}
