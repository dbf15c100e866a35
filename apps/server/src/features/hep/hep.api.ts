/**
 * What other domains may use of the program domain (the patient app shows the program, the
 * recommendations build on it, the bench reads a program as its route does, the demo seed's test
 * checks its programs fit each diagnosis' condition): the only file of this folder imported from
 * outside it.
 */
export { type HepVideoRow, hepVideoColumns, toHepVideo } from './hep-video';
export { checkEntryVideos, readProgram } from './hep.service';
export { conditionOf } from './diagnosis-conditions';
