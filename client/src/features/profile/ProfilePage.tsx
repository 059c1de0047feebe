import { useParams } from 'react-router';
import { ComingSoonPage } from '@ui/PageFrame';

/** `/:username` shows that user's profile; `/profile` the viewer's own. */
export default function ProfilePage() {
  const { username } = useParams();
  return (
    <ComingSoonPage
      heading="Profile"
      purpose={
        username
          ? `The portfolio of @${username}: the posts they made and the credits they received.`
          : 'Your portfolio: the posts you made and the credits you received.'
      }
    />
  );
}
