import { PublicScreen } from '../../ui/Screen.tsx';

/** Placeholder until this screen is built. */
export default function Profile() {
  return <PublicScreen title="Profile">{null}</PublicScreen>;
}
