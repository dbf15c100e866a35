/**
 * What the server's start may use of the templates domain: the only file of this folder imported
 * from outside it.
 */
export { loadShippedTemplates } from './load-shipped-templates';
