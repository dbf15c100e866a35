/** Query keys of the chat feature (one factory per feature, ARCHITECTURE.md "Web app"). */
export const chatKeys = {
  all: ['chat'] as const,
  sessionLists: () => [...chatKeys.all, 'sessions'] as const,
  sessionList: (page: number, search: string) =>
    [...chatKeys.sessionLists(), page, search] as const,
  support: () => [...chatKeys.all, 'support'] as const,
  /** The conversation with one patient (POST /chat/session, the same one each time). */
  patientSession: (patientId: number) => [...chatKeys.all, 'patient-session', patientId] as const,
  /** The patient app's own conversation. */
  mine: () => [...chatKeys.all, 'mine'] as const,
  threads: () => [...chatKeys.all, 'thread'] as const,
  thread: (sessionId: number) => [...chatKeys.threads(), sessionId] as const,
  unread: () => [...chatKeys.all, 'unread'] as const,
};
