/**
 * Which item the annotator goes to after submitting one: the next item in queue order that is not
 * yet submitted — after the one just submitted, then round from the start of the queue (an item
 * skipped earlier) — or none when every item is submitted.
 *
 * @example nextInQueue([{ position: 1, status: 'todo' }, { position: 2, status: 'submitted' }, { position: 3, status: 'todo' }], 2) // position 3
 */
export function nextInQueue<T extends { readonly position: number; readonly status: string }>(
  items: readonly T[],
  submittedPosition: number,
): T | undefined {
  const open = [...items]
    .filter((item) => item.status !== 'submitted' && item.position !== submittedPosition)
    .sort((a, b) => a.position - b.position);
  return open.find((item) => item.position > submittedPosition) ?? open[0];
}
