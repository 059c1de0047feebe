import { ComingSoonPage } from '../../ui/PageFrame';

export default function SignInPage() {
  return <ComingSoonPage heading="Sign in" purpose="Sign in with email and password, a magic link sent by email, Google or Twitter." />;
}
