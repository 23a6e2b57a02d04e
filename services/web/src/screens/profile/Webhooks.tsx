import { Redirect } from 'wouter';
import { href } from '../../lib/paths.ts';

/**
 * The webhooks' own address from before the Integrations screen (issue 42),
 * kept for bookmarks and the failing-webhook email: it opens their part of
 * that screen.
 */
export default function Webhooks() {
  return <Redirect to={`${href('profile.integrations')}#webhooks`} replace />;
}
