import { ComingSoonPage } from '../../ui/PageFrame';

export default function ChooseUsernamePage() {
  return <ComingSoonPage heading="Choose username" purpose="Pick the username your profile lives at." />;
}
