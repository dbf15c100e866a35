/** Set by the build (scripts/build.mjs); absent when the server runs from source. */
declare const HOMESTRETCH_RELEASE: string | undefined;

/** The release error reports are tagged with when SENTRY_RELEASE does not name one. */
export const BUILD_RELEASE =
  typeof HOMESTRETCH_RELEASE === 'string' ? HOMESTRETCH_RELEASE : 'homestretch@source';
