import { PublicScreen } from '../../ui/Screen.tsx';

/** Placeholder until this screen is built. */
export default function ResetPassword() {
  return <PublicScreen title="ResetPassword">{null}</PublicScreen>;
}
