/** What other domains may use of the auth domain: the only file imported from outside it. */
export { completeSignIn, openSession, type SignedIn } from './sign-in';
