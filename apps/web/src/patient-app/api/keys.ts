export const appKeys = {
  all: ['patient-app'] as const,
  me: () => [...appKeys.all, 'me'] as const,
  program: () => [...appKeys.all, 'program'] as const,
};
