export { goldHistory, reopenGold, saveGold } from './gold.ts';
export type { AdjudicationRequest, ItemContext } from './item-context.ts';
export {
  type AdjudicatorItem,
  type AdjudicatorQueue,
  type AdjudicatorQueueEntry,
  acceptItems,
  adjudicationItem,
  adjudicationQueue,
  startAdjudication,
} from './queue.ts';
export { type RevealedExtractor, type RevealedItem, revealItem } from './reveal.ts';
