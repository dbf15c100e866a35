import { z } from 'zod';
import type { MovementModel } from './movement';

/**
 * A movement model as the API carries it on a video or a program item. Every model is checked
 * against MovementModelSchema (joint limits, the counted angle) when the shipped catalogue loads,
 * and a response only passes stored models on; checking each again on every listed video would
 * put the model's whole schema into the first load of every screen that lists one (the patient
 * app's and the patient dashboard's budgets).
 */
export const MovementModelWireSchema = z.custom<MovementModel>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'A movement model is an object',
);
