import { describe, expect, it } from 'vitest';
import { FlatLayout } from './flat-layout.ts';

describe('FlatLayout', () => {
  it('lays sections out one after another, record by record and field by field', () => {
    const layout = new FlatLayout();
    const groups = layout.section(4, 3);
    const items = layout.section(1);
    const pairs = layout.section(2, 2);
    expect([groups.slot(0, 0), groups.slot(2, 1), groups.slot(3, 2)]).toEqual([0, 7, 11]);
    expect(items.slot()).toBe(12);
    expect([pairs.slot(0, 1), pairs.slot(1, 0)]).toEqual([14, 15]);
    expect(layout.size).toBe(17);
  });

  it('throws for a record or field outside its section instead of reading a neighbour', () => {
    const layout = new FlatLayout();
    const groups = layout.section(2, 3);
    layout.section(1);
    expect(() => groups.slot(2, 0)).toThrow(/record 2 outside 0–1/);
    expect(() => groups.slot(0, 3)).toThrow(/field 3 outside 0–2/);
    expect(() => groups.slot(-1)).toThrow(RangeError);
    expect(() => groups.slot(0.5)).toThrow(RangeError);
  });

  it('takes no slot for an empty section and rejects a negative one', () => {
    const layout = new FlatLayout();
    const none = layout.section(0, 3);
    expect(layout.size).toBe(0);
    expect(() => none.slot()).toThrow(RangeError);
    expect(() => layout.section(-1)).toThrow(RangeError);
  });
});
