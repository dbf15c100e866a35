/** Query keys of the icd10 feature: reference data, untouched by any patient's change. */
export const icd10Keys = {
  all: ['icd10-codes'] as const,
  search: (search: string) => [...icd10Keys.all, search] as const,
};
