/**
 * Where "Continue with Google" and "Continue with Facebook" go (issue 4): they
 * show only for providers the server has configured. None is wired yet.
 */
export function SocialSignIn() {
  return null;
}
