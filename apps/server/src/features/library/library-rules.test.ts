import { describe, expect, it } from 'vitest';
import { changesFolder, seesFolder, videoChangeRefusal } from './library-rules';

const therapist = { id: 7, role: 'therapist' as const };
const colleague = { id: 8, role: 'remote_therapist' as const };
const admin = { id: 9, role: 'admin' as const };

describe('videoChangeRefusal', () => {
  it('lets the uploader and the administrator change a clinic video, no one else', () => {
    const video = { clinicId: 1, ownerUserId: 7 };
    expect(videoChangeRefusal(therapist, video)).toBeNull();
    expect(videoChangeRefusal(admin, video)).toBeNull();
    expect(videoChangeRefusal(colleague, video)).toBe('not_owner');
  });

  it('keeps a video whose uploader left to the administrator', () => {
    const orphan = { clinicId: 1, ownerUserId: null };
    expect(videoChangeRefusal(therapist, orphan)).toBe('not_owner');
    expect(videoChangeRefusal(admin, orphan)).toBeNull();
  });

  it('refuses everyone, the administrator too, on the catalogue', () => {
    const catalogue = { clinicId: null, ownerUserId: null };
    expect(videoChangeRefusal(therapist, catalogue)).toBe('catalogue');
    expect(videoChangeRefusal(admin, catalogue)).toBe('catalogue');
  });
});

describe('folders', () => {
  const mine = { ownerUserId: 7, isShared: false };
  const shared = { ownerUserId: 7, isShared: true };

  it('shows a private folder to its owner only, a shared one to all', () => {
    expect(seesFolder(therapist, mine)).toBe(true);
    expect(seesFolder(colleague, mine)).toBe(false);
    expect(seesFolder(admin, mine)).toBe(false);
    expect(seesFolder(colleague, shared)).toBe(true);
  });

  it('lets the owner change a folder, the administrator a shared one, colleagues neither', () => {
    expect(changesFolder(therapist, mine)).toBe(true);
    expect(changesFolder(admin, mine)).toBe(false);
    expect(changesFolder(admin, shared)).toBe(true);
    expect(changesFolder(colleague, shared)).toBe(false);
  });
});
