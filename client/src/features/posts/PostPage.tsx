import { ComingSoonPage } from '../../ui/PageFrame';

export default function PostPage() {
  return <ComingSoonPage heading="Post" purpose="A post, its numbers, and the people credited for making it." />;
}
