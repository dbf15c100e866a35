import type { Program } from '@homestretch/contract/hep/program';
import type { QueryClient } from '@tanstack/react-query';
import { hepKeys } from '../../../lib/query-keys/hep-keys';

/**
 * A change answered with the whole program: it becomes the program now at once, and what hangs
 * on it (the timeline, item histories, the program on past dates) is fetched again.
 */
export async function storeProgram(queryClient: QueryClient, program: Program): Promise<void> {
  queryClient.setQueryData(hepKeys.program(program.patient_id, null), program);
  await refreshProgram(queryClient, program.patient_id, { keepCurrent: true });
}

/** Marks everything about one patient's program stale (and the item histories). */
export async function refreshProgram(
  queryClient: QueryClient,
  patientId: number,
  { keepCurrent = false }: { keepCurrent?: boolean } = {},
): Promise<void> {
  const current = hepKeys.program(patientId, null);
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: hepKeys.patient(patientId),
      predicate: (query) =>
        !keepCurrent || JSON.stringify(query.queryKey) !== JSON.stringify(current),
    }),
    queryClient.invalidateQueries({ queryKey: hepKeys.items() }),
  ]);
}
