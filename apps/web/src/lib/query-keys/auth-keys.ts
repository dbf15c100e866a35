/** Query keys of the auth feature (one factory per feature, ARCHITECTURE.md "Web app"). */
export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  settingsInfo: () => [...authKeys.all, 'settings-info'] as const,
  extensionToken: () => [...authKeys.all, 'extension-token'] as const,
  resetLink: (uid: string, token: string) => [...authKeys.all, 'reset-link', uid, token] as const,
};
