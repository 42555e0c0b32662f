import { useParams } from 'react-router';
import { ProfileScreen } from './profile-screen.tsx';

/** /profile/{id}: someone's public profile. A new id is a new page (the key resets its state). */
export function ProfileRoute() {
  const { id = '' } = useParams();
  return <ProfileScreen key={id} profileRef={id} />;
}
