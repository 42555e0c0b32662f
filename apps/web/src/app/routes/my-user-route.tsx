import { MyUserScreen } from '../../features/my-user/my-user-screen.tsx';

/** /my-user: the account area. */
export function MyUserRoute() {
  return <MyUserScreen />;
}
