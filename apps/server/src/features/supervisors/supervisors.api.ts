/** What other domains may use of the supervisors domain: the only file imported from outside it. */
export { listQueueOwners, listTeam } from './supervisors.repo';
