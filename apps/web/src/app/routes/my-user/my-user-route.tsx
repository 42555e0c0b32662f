import { MyUserScreen } from './my-user-screen.tsx';

/** /my-user: the account area. */
export function MyUserRoute() {
  return <MyUserScreen />;
}
