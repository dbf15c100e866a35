/**
 * What other domains, the server's start and the seed may use of the library domain: the only
 * file of this folder imported from outside it.
 */
export { videoSearchVector } from './video-search';
