/** What other domains and the seed may use of the clinics domain: the only file imported from outside it. */
export { type ClinicRow, findClinicByCode, findClinicById } from './clinics.repo';
