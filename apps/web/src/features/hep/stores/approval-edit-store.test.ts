import { describe, expect, it } from 'vitest';
import { hepItemFixture } from '../../../test/hep-fixtures';
import { draftFromItems } from '../components/approval-draft';
import { approvalEditReducer, initialApprovalEditState } from './approval-edit-store';

describe('approval-request editing (spec §4)', () => {
  const draft = draftFromItems([hepItemFixture(0)]);

  it('starts editing with the request it revises, and leaving clears the pending draft', () => {
    const editing = approvalEditReducer(initialApprovalEditState, {
      type: 'start',
      patientId: 12,
      requestId: 31,
      draft,
    });
    expect(editing).toEqual({ editing: true, requestId: 31, patientId: 12, draft });
    expect(approvalEditReducer(editing, { type: 'leave' })).toEqual(initialApprovalEditState);
  });

  it('changes the draft only while editing', () => {
    expect(approvalEditReducer(initialApprovalEditState, { type: 'change', draft })).toBe(
      initialApprovalEditState,
    );
    const editing = approvalEditReducer(initialApprovalEditState, {
      type: 'start',
      patientId: 12,
      requestId: null,
      draft: [],
    });
    expect(approvalEditReducer(editing, { type: 'change', draft }).draft).toBe(draft);
  });
});
