export {
  type AnnotationSnapshot,
  type AnnotatorItem,
  type AnnotatorQueue,
  annotationHistory,
  annotatorItem,
  annotatorQueue,
  type ItemRequest,
  reopenAnnotation,
  saveAnnotationAttempt,
} from './annotation.ts';
export { type ArgumentDetail, argumentDetail } from './argument-detail.ts';
export { argumentListPage } from './argument-list.ts';
export { type AutosaveRequest, autosave } from './autosave.ts';
