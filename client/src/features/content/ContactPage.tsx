import { useEffect, useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { useAuthProviders } from '@features/auth';
import { Link, useSearchParams } from '@router';
import { PageFrame } from '@ui/PageFrame';
import { ContactForm } from './ContactForm';
import { fetchContactFormOpen } from './contactApi';
import './content.css';

type FormAvailability = 'loading' | 'open' | 'closed';

/**
 * docs/product.md §Contact: a form open to everyone, signed in or not, that mails the team. "Book a
 * Demo" comes here with `?subject=Book a Demo`. Where the operator has not set an address the
 * page says so instead of offering a form that cannot be sent.
 */
export default function ContactPage() {
  const [searchParams] = useSearchParams();
  const providers = useAuthProviders();
  const [availability, setAvailability] = useState<FormAvailability>('loading');

  useEffect(() => {
    let current = true;
    fetchContactFormOpen().then(
      ({ open }) => current && setAvailability(open ? 'open' : 'closed'),
      // Unknown: offer the form; the send says what is wrong, and keeps what was typed.
      () => current && setAvailability('open'),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <PageFrame heading="Contact" purpose="Write to the Byline team: questions, a demo for your brand or agency, press, or a problem with your account.">
      {availability === 'loading' || providers === null ? (
        <div className="contact-form__placeholder" aria-busy="true" />
      ) : availability === 'open' ? (
        <ContactForm initialSubject={searchParams.get('subject') ?? ''} captchaSiteKey={providers.captchaSiteKey} />
      ) : (
        <p>{MESSAGES.contactClosed}</p>
      )}
      <h2>Other ways in</h2>
      <ul className="content-list">
        <li>
          Byline for your brand or agency: see what the <Link to="/plans#business">business plan</Link> includes.
        </li>
        <li>
          Building on Byline: the <Link to="/developers/explorer">API explorer</Link> documents every query.
        </li>
        <li>
          Is something down? The <Link to="/status">status page</Link> shows how each part of Byline is doing.
        </li>
      </ul>
    </PageFrame>
  );
}
