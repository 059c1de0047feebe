import { ComingSoonPage } from '../../ui/PageFrame';

export default function ResetPasswordPage() {
  return <ComingSoonPage heading="Reset password" purpose="Get an email with a link to set a new password." />;
}
