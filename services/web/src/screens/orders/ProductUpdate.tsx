import { PublicScreen } from '../../ui/Screen.tsx';

/** Placeholder until this screen is built. */
export default function ProductUpdate() {
  return <PublicScreen title="ProductUpdate">{null}</PublicScreen>;
}
