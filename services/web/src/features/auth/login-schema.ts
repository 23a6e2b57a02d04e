/** The sign-in form's rules, in a chunk of their own: Login.tsx loads them when the form is first used. */
export { ZLoginInput } from '@reorder/schemas';
