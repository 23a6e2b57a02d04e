import { PublicScreen } from '../../ui/Screen.tsx';

/** Placeholder until this screen is built. */
export default function ProfileEdit() {
  return <PublicScreen title="ProfileEdit">{null}</PublicScreen>;
}
