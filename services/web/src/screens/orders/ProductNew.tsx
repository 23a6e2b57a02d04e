import { PublicScreen } from '../../ui/Screen.tsx';

/** Placeholder until this screen is built. */
export default function ProductNew() {
  return <PublicScreen title="ProductNew">{null}</PublicScreen>;
}
