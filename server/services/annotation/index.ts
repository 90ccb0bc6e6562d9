export {
  annotationHistory,
  annotatorItem,
  annotatorQueue,
  type ItemRequest,
  reopenAnnotation,
  saveAnnotationAttempt,
} from './annotation.ts';
export { argumentDetail } from './argument-detail.ts';
export { argumentListPage } from './argument-list.ts';
