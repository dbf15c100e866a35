import { NO_VIDEO_DETAILS_MESSAGE } from '@homestretch/contract/hep/approval-request';
import { describe, expect, it } from 'vitest';
import { hepItemFixture } from '../../../test/hep-fixtures';
import {
  addToDraft,
  approvalRequestFor,
  changeDraftEntry,
  draftFromItems,
  entryChange,
  itemsLeftOut,
  programCount,
  removeFromDraft,
  reorderDraft,
  toHepData,
} from './approval-draft';

const current = [hepItemFixture(0), hepItemFixture(1, { folder_id: 4, folder_name: 'Back' })];

describe('a program draft', () => {
  it('turns into hep_data in order, numbered from 1, with folders and notes', () => {
    const draft = reorderDraft(draftFromItems(current), [102, 101]);
    expect(toHepData(draft)).toEqual([
      {
        video_id: 102,
        _sets: 3,
        _reps: 10,
        hold_seconds: null,
        order: 1,
        folder_id: 4,
        folder_name: 'Back',
        description: '',
      },
      {
        video_id: 101,
        _sets: 3,
        _reps: 10,
        hold_seconds: null,
        order: 2,
        folder_id: null,
        folder_name: null,
        description: 'Keep your back flat.',
      },
    ]);
  });

  it('carries each exercise’s hold, as the program has it or as changed in the draft', () => {
    const held = [hepItemFixture(0, { hold_seconds: 5 }), hepItemFixture(1)];
    const draft = changeDraftEntry(draftFromItems(held), 102, { hold_seconds: 30 });
    expect(toHepData(draft).map((entry) => entry.hold_seconds)).toEqual([5, 30]);
    expect(draft.map((entry, index) => entryChange(entry, index + 1, held))).toEqual([
      'same',
      'changed',
    ]);
  });

  it('is refused on the client when empty, with the words of spec §8', () => {
    expect(approvalRequestFor(12, [])).toEqual({ ok: false, message: NO_VIDEO_DETAILS_MESSAGE });
    expect(NO_VIDEO_DETAILS_MESSAGE).toBe('No video details provided for approval request');
  });

  it('makes the request body with the patient as dashboard, and a note only when written', () => {
    const draft = draftFromItems(current);
    const plain = approvalRequestFor(12, draft, '   ');
    expect(plain.ok && plain.body).toEqual({ dashboard: 12, hep_data: toHepData(draft) });
    const noted = approvalRequestFor(12, draft, ' Progressing ');
    expect(noted.ok && noted.body.note).toBe('Progressing');
  });

  it('keeps each video once when exercises are added', () => {
    const draft = draftFromItems(current);
    const again = addToDraft(draft, [...draftFromItems([hepItemFixture(2)]), draft[0]!]);
    expect(again.map((entry) => entry.video_id)).toEqual([101, 102, 103]);
  });

  it('marks entries against the program now and lists what it leaves out', () => {
    const draft = changeDraftEntry(
      addToDraft(
        removeFromDraft(draftFromItems(current), 102),
        draftFromItems([hepItemFixture(2)]),
      ),
      101,
      { reps: 12 },
    );
    expect(draft.map((entry, index) => entryChange(entry, index + 1, current))).toEqual([
      'changed',
      'added',
    ]);
    expect(entryChange(draftFromItems(current)[0]!, 1, current)).toBe('same');
    expect(entryChange(draftFromItems(current)[0]!, 2, current)).toBe('changed');
    expect(itemsLeftOut(draft, current).map((item) => item.id)).toEqual([502]);
  });

  it('brings a video’s own counts into the program’s range of 1 to 100', () => {
    expect(programCount(0)).toBe(1);
    expect(programCount(150)).toBe(100);
    expect(programCount(12)).toBe(12);
    expect(programCount(Number.NaN)).toBe(1);
  });
});
