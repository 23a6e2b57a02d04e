import { PublicScreen } from '../../ui/Screen.tsx';

/** Placeholder until this screen is built. */
export default function Feedback() {
  return <PublicScreen title="Feedback">{null}</PublicScreen>;
}
