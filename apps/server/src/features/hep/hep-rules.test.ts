import { describe, expect, it } from 'vitest';
import {
  type CurrentItem,
  approvalRoles,
  entryChange,
  currentByVideo,
  inProposedOrder,
  movedOnPurpose,
  needsApproval,
  orderUpdates,
  planApproval,
  proposedHold,
  sameProposal,
  staleOrderReason,
} from './hep-rules';
import type { ProposedProgramEntry } from '../../db/schema';

const item = (id: number, videoId: number, order: number, sets = 1): CurrentItem => ({
  id,
  videoId,
  sets,
  reps: 10,
  holdSeconds: null,
  order,
  description: '',
  folderId: null,
  folderName: null,
});
const entry = (videoId: number, order: number, sets = 1): ProposedProgramEntry => ({
  video_id: videoId,
  sets,
  reps: 10,
  order,
  folder_id: null,
  folder_name: null,
  description: '',
});

describe('who needs approval', () => {
  it('follows the role by default: remote PTs do, staff therapists do not', () => {
    const roles = approvalRoles({});
    expect(roles).toEqual(['remote_therapist']);
    expect(needsApproval({ role: 'remote_therapist', hepApproval: null }, roles)).toBe(true);
    expect(needsApproval({ role: 'therapist', hepApproval: null }, roles)).toBe(false);
  });

  it("lets a supervisor's per-therapist status win, and never asks it of those who decide", () => {
    const roles = approvalRoles({
      hep_approval_roles: ['therapist', 'remote_therapist', 'nonsense'],
    });
    expect(roles).toEqual(['therapist', 'remote_therapist']);
    expect(needsApproval({ role: 'therapist', hepApproval: 'not_required' }, roles)).toBe(false);
    expect(needsApproval({ role: 'therapist', hepApproval: null }, roles)).toBe(true);
    expect(needsApproval({ role: 'remote_therapist', hepApproval: 'required' }, [])).toBe(true);
    expect(needsApproval({ role: 'admin', hepApproval: 'required' }, roles)).toBe(false);
    expect(needsApproval({ role: 'supervisor', hepApproval: null }, ['supervisor'])).toBe(false);
  });
});

describe('approving a proposal', () => {
  it('removes what it leaves out, adds what is new, changes what differs, in its order', () => {
    const items = [item(1, 10, 1), item(2, 20, 2), item(3, 30, 5)];
    const plan = planApproval(items, [entry(30, 1), entry(40, 2), entry(10, 3, 2)]);
    expect(plan.remove.map((row) => row.id)).toEqual([2]);
    expect(plan.add.map((row) => [row.video_id, row.order])).toEqual([[40, 2]]);
    expect(
      plan.change.map(({ item: row, entry: wanted }) => [row.id, wanted.order, wanted.sets]),
    ).toEqual([
      [3, 1, 1],
      [1, 3, 2],
    ]);
  });

  it('changes nothing when the proposal is the program', () => {
    const items = [item(1, 10, 1), item(2, 20, 2)];
    expect(planApproval(items, [entry(10, 1), entry(20, 2)])).toEqual({
      remove: [],
      add: [],
      change: [],
    });
  });

  it('numbers a proposal 1..n in the order it gives, ties kept as sent', () => {
    expect(
      inProposedOrder([entry(1, 5), entry(2, 2), entry(3, 2)]).map((row) => [
        row.video_id,
        row.order,
      ]),
    ).toEqual([
      [2, 1],
      [3, 2],
      [1, 3],
    ]);
  });

  it('marks each entry against the program by position, not by the stored number', () => {
    const current = currentByVideo([item(1, 10, 4), item(2, 20, 9)]);
    expect(entryChange(entry(10, 1), 1, current)).toBe('same');
    expect(entryChange(entry(20, 1), 1, current)).toBe('changed');
    expect(entryChange(entry(10, 1, 3), 1, current)).toBe('changed');
    expect(entryChange(entry(30, 3), 3, current)).toBe('added');
  });
});

describe('holds in a proposal', () => {
  const held = (holdSeconds: number | null): CurrentItem => ({ ...item(1, 10, 1), holdSeconds });

  it('keeps the item’s hold where the entry names none, and gives a new exercise none', () => {
    expect(proposedHold(entry(10, 1), held(5))).toBe(5);
    expect(proposedHold(entry(10, 1), undefined)).toBeNull();
    expect(proposedHold({ hold_seconds: 20 }, held(5))).toBe(20);
    expect(proposedHold({ hold_seconds: null }, held(5))).toBeNull();
  });

  it('changes an item whose hold alone differs, and not one whose entry leaves it out', () => {
    const current = currentByVideo([held(5)]);
    expect(entryChange(entry(10, 1), 1, current)).toBe('same');
    expect(entryChange({ ...entry(10, 1), hold_seconds: 5 }, 1, current)).toBe('same');
    expect(entryChange({ ...entry(10, 1), hold_seconds: 8 }, 1, current)).toBe('changed');
    expect(planApproval([held(5)], [entry(10, 1)]).change).toEqual([]);
    expect(
      planApproval([held(5)], [{ ...entry(10, 1), hold_seconds: null }]).change.map(
        ({ item: row }) => row.id,
      ),
    ).toEqual([1]);
  });
});

describe('a corrected proposal', () => {
  const held = { ...item(1, 10, 1), holdSeconds: 5 };

  it('is the same when it only names the holds the program has, whatever its order of sending', () => {
    const stored = [entry(20, 2), entry(10, 1)];
    const corrected = [
      { ...entry(10, 1), hold_seconds: 5 },
      { ...entry(20, 2), hold_seconds: null },
    ];
    expect(sameProposal(corrected, stored, [held])).toBe(true);
  });

  it('differs by a hold, a dose or a place', () => {
    const stored = [entry(10, 1), entry(20, 2)];
    expect(sameProposal([{ ...entry(10, 1), hold_seconds: 8 }, entry(20, 2)], stored, [held])).toBe(
      false,
    );
    expect(sameProposal([entry(10, 1, 3), entry(20, 2)], stored, [held])).toBe(false);
    expect(sameProposal([entry(20, 1), entry(10, 2)], stored, [held])).toBe(false);
  });
});

describe('ordering', () => {
  it('refuses a list that misses an item or names one no longer in the program', () => {
    expect(staleOrderReason([1, 2, 3], [3, 2, 1])).toBeNull();
    expect(staleOrderReason([1, 2, 3], [3, 2])).toMatch(/misses items/);
    expect(staleOrderReason([1, 2], [2, 1, 7])).toMatch(/7 is no longer/);
  });

  it('renumbers only the items that move', () => {
    const items = [
      { id: 1, order: 1 },
      { id: 2, order: 2 },
      { id: 3, order: 7 },
    ];
    expect(orderUpdates(items, [1, 3, 2])).toEqual([
      { id: 3, from: 7, to: 2 },
      { id: 2, from: 2, to: 3 },
    ]);
  });

  it('names the exercise a drag moved, not the ones it shifted', () => {
    const items = [1, 2, 3, 4, 5, 6].map((id) => ({ id, order: id * 2 }));
    expect(movedOnPurpose(items, [2, 3, 4, 5, 6, 1])).toEqual([1]);
    expect(movedOnPurpose(items, [6, 1, 2, 3, 4, 5])).toEqual([6]);
    expect(movedOnPurpose(items, [1, 2, 3, 4, 5, 6])).toEqual([]);
    // Two drags in one list: both named, in their new order.
    expect(movedOnPurpose(items, [4, 1, 2, 3, 6, 5]).length).toBe(2);
    expect(movedOnPurpose([{ id: 1, order: 1 }], [1])).toEqual([]);
  });
});
