import { useSearchParams } from 'react-router';
import { HomeScreen } from './home-screen.tsx';

/** / and /home. Re-tapping the Home tab adds ?t=<timestamp>, which remounts the screen. */
export function HomeRoute() {
  const [searchParams] = useSearchParams();
  return <HomeScreen key={searchParams.get('t') ?? ''} />;
}
