import { PublicScreen } from '../ui/Screen.tsx';

/** Placeholder until this screen is built. */
export default function Privacy() {
  return <PublicScreen title="Privacy">{null}</PublicScreen>;
}
