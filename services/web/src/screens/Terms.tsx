import { PublicScreen } from '../ui/Screen.tsx';

/** Placeholder until this screen is built. */
export default function Terms() {
  return <PublicScreen title="Terms">{null}</PublicScreen>;
}
