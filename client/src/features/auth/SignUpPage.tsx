import { ComingSoonPage } from '../../ui/PageFrame';

export default function SignUpPage() {
  return <ComingSoonPage heading="Sign up" purpose="Create your free account as a creator or a brand." />;
}
