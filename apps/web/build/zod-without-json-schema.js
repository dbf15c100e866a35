/*
 * Stands in for zod's JSON Schema modules (core/json-schema-processors.js, core/to-json-schema.js)
 * in the web build: zod attaches them to every schema, about 5 KB gzip on every screen, and the
 * web app never turns a schema into JSON Schema (the server writes the OpenAPI document).
 * Anything that tries gets this error instead of a silent wrong answer.
 */
const unavailable = () => {
  throw new Error('JSON Schema is not built into the web app; the server serves /openapi.json');
};

export const createToJSONSchemaMethod = () => unavailable;
export const createStandardJSONSchemaMethod = () => unavailable;
export const aggregateChecks = unavailable;
export const anyProcessor = unavailable;
export const arrayProcessor = unavailable;
export const bigintProcessor = unavailable;
export const booleanProcessor = unavailable;
export const catchProcessor = unavailable;
export const customProcessor = unavailable;
export const dateProcessor = unavailable;
export const defaultProcessor = unavailable;
export const enumProcessor = unavailable;
export const fileProcessor = unavailable;
export const functionProcessor = unavailable;
export const intersectionProcessor = unavailable;
export const lazyProcessor = unavailable;
export const literalProcessor = unavailable;
export const mapProcessor = unavailable;
export const nanProcessor = unavailable;
export const neverProcessor = unavailable;
export const nonoptionalProcessor = unavailable;
export const nullProcessor = unavailable;
export const nullableProcessor = unavailable;
export const numberProcessor = unavailable;
export const objectProcessor = unavailable;
export const optionalProcessor = unavailable;
export const pipeProcessor = unavailable;
export const prefaultProcessor = unavailable;
export const promiseProcessor = unavailable;
export const readonlyProcessor = unavailable;
export const recordProcessor = unavailable;
export const setProcessor = unavailable;
export const stringProcessor = unavailable;
export const successProcessor = unavailable;
export const symbolProcessor = unavailable;
export const templateLiteralProcessor = unavailable;
export const transformProcessor = unavailable;
export const tupleProcessor = unavailable;
export const undefinedProcessor = unavailable;
export const unionProcessor = unavailable;
export const unknownProcessor = unavailable;
export const voidProcessor = unavailable;
export const toJSONSchema = unavailable;
export const allProcessors = unavailable;
export const extractDefs = unavailable;
export const finalize = unavailable;
export const initializeContext = unavailable;
export const processSchema = unavailable;
export const handleUnrepresentable = unavailable;
export { processSchema as process };
