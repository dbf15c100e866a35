import { describe, expect, it } from 'vitest';
import { hepItemFixture } from '../../../test/hep-fixtures';
import { moveBy, moveTo, orderItems, placeAnnouncement } from './program-order';

describe('reordering a program', () => {
  const ids = [1, 2, 3, 4];

  it('moves an item to a place, clamped to the list', () => {
    expect(moveTo(ids, 4, 0)).toEqual([4, 1, 2, 3]);
    expect(moveTo(ids, 1, 2)).toEqual([2, 3, 1, 4]);
    expect(moveTo(ids, 2, 99)).toEqual([1, 3, 4, 2]);
  });

  it('answers the same list when nothing moves, so nothing is sent', () => {
    expect(moveTo(ids, 2, 1)).toBe(ids);
    expect(moveTo(ids, 9, 0)).toBe(ids);
    expect(moveBy(ids, 1, -1)).toBe(ids);
    expect(moveBy(ids, 4, 1)).toBe(ids);
  });

  it('moves by one place with the arrows and to either end with Home and End', () => {
    expect(moveBy(ids, 3, -1)).toEqual([1, 3, 2, 4]);
    expect(moveBy(ids, 2, 1)).toEqual([1, 3, 2, 4]);
    expect(moveBy(ids, 3, Number.NEGATIVE_INFINITY)).toEqual([3, 1, 2, 4]);
    expect(moveBy(ids, 2, Number.POSITIVE_INFINITY)).toEqual([1, 3, 4, 2]);
  });

  it('orders items by an id list and numbers them from 1', () => {
    const items = [hepItemFixture(0), hepItemFixture(1), hepItemFixture(2)];
    const ordered = orderItems(items, [503, 501, 502]);
    expect(ordered.map((item) => [item.id, item.order])).toEqual([
      [503, 1],
      [501, 2],
      [502, 3],
    ]);
  });

  it('says where the item went', () => {
    expect(placeAnnouncement('Bird dog', [2, 1, 3], 1)).toBe('Bird dog moved to place 2 of 3.');
  });
});
