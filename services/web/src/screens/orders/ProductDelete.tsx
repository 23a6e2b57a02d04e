import { PublicScreen } from '../../ui/Screen.tsx';

/** Placeholder until this screen is built. */
export default function ProductDelete() {
  return <PublicScreen title="ProductDelete">{null}</PublicScreen>;
}
