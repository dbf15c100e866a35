/** Query keys of the voice feature (one factory per feature, ARCHITECTURE.md "Web app"). */
export const voiceKeys = {
  all: ['voice'] as const,
  call: (id: number) => [...voiceKeys.all, 'call', id] as const,
  recent: (limit: number) => [...voiceKeys.all, 'recent', limit] as const,
};
