/**
 * What other domains may use of the program domain (the patient app shows the program, the
 * recommendations and the demo seed build on it): the only file of this folder imported from
 * outside it.
 */
export { type HepVideoRow, hepVideoColumns, toHepVideo } from './hep-video';
