import { PublicScreen } from '../../ui/Screen.tsx';

/** Placeholder until this screen is built. */
export default function ProductsClear() {
  return <PublicScreen title="ProductsClear">{null}</PublicScreen>;
}
