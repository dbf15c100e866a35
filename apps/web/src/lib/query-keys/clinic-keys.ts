/** Query keys of the clinics feature (one factory per feature, ARCHITECTURE.md "Web app"). */
export const clinicKeys = {
  all: ['clinics'] as const,
  checkCode: (code: string) => [...clinicKeys.all, 'check-code', code] as const,
};
