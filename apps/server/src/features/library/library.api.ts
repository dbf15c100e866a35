/**
 * What other domains, the server's start and the seeds may use of the library: the only file of
 * this folder imported from outside it.
 */
export { videoSearchVector } from './video-search';
export { PT_CATALOGUE } from './pt-catalogue/index';
export { programDoseOf } from './pt-catalogue/pt-catalogue-rows';
export { EXERCISES_DIR, loadExerciseCatalogue, readExerciseCatalogue } from './exercise-catalogue';
export { type VideoChanges, catalogueCopyValues, listVideos, videoMovement } from './library.repo';
export { requireVisibleFolderNames, requireVisibleVideos } from './library.service';
export { figureEtag, figureOf } from './playback.service';
export { findStaffVideoMedia } from './playback.repo';
