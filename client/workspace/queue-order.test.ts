import { describe, expect, it } from 'vitest';
import { nextInQueue } from './queue-order.ts';

const queue = (...statuses: string[]) => statuses.map((status, index) => ({ position: index + 1, status }));

describe('nextInQueue', () => {
  it('goes to the next unsubmitted item after the one submitted, not the earliest', () => {
    expect(nextInQueue(queue('todo', 'draft', 'submitted', 'submitted', 'todo'), 3)?.position).toBe(5);
  });

  it('comes round to an earlier item when none after is left', () => {
    expect(nextInQueue(queue('draft', 'submitted', 'submitted'), 3)?.position).toBe(1);
  });

  it('never goes back to the item just submitted, even if the queue was read before its status changed', () => {
    expect(nextInQueue(queue('submitted', 'todo', 'todo'), 2)?.position).toBe(3);
  });

  it('gives nothing when everything is submitted', () => {
    expect(nextInQueue(queue('submitted', 'submitted'), 2)).toBeUndefined();
  });
});
