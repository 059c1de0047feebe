import { Link } from '@router';

/** The label of the terms checkbox wherever sign-up is finished: both documents open in a new tab. */
export function TermsAgreementLabel({ htmlFor }: { htmlFor: string }) {
  return (
    <label htmlFor={htmlFor}>
      I have read and agree to the{' '}
      <Link to="/terms" target="_blank">
        Terms of Service
      </Link>{' '}
      and the{' '}
      <Link to="/privacy" target="_blank">
        Privacy Policy
      </Link>
      .
    </label>
  );
}
