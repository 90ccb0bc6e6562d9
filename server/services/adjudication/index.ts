export { goldHistory, reopenGold, saveGold } from './gold.ts';
export type { AdjudicationRequest } from './item-context.ts';
export { acceptItems, adjudicationItem, adjudicationQueue, startAdjudication } from './queue.ts';
export { revealItem } from './reveal.ts';
