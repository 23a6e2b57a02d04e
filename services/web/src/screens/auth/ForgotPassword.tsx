import { PublicScreen } from '../../ui/Screen.tsx';

/** Placeholder until this screen is built. */
export default function ForgotPassword() {
  return <PublicScreen title="ForgotPassword">{null}</PublicScreen>;
}
