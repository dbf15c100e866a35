/**
 * What holds words written and not yet sent (the drafts, the outbox) forgets them when the
 * session ends, at sign-out or another sign-in: the next person to sign in on the tab must not
 * see them, nor send them as their own (issue 30, item 11). A holder registers once it is loaded;
 * one not loaded holds nothing. No store here, so the sign-in screens pay nothing for it.
 */
const holders = new Set<() => void>();

export function onSessionEnd(forget: () => void): void {
  holders.add(forget);
}

export function forgetUnsentChat(): void {
  holders.forEach((forget) => forget());
}
