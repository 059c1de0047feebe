import { useSearchParams } from '@router';
import { AuthPageFrame } from './AuthPageFrame';
import { NewPasswordForm } from './NewPasswordForm';
import { ResetRequestForm } from './ResetRequestForm';

/**
 * `/reset-password`: with the mailed `token`, choose a new password; without one, ask for
 * the mail.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const returnTo = params.get('returnTo');
  return <AuthPageFrame heading="Reset password">{token ? <NewPasswordForm token={token} returnTo={returnTo} /> : <ResetRequestForm />}</AuthPageFrame>;
}
