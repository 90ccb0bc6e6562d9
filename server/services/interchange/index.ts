export { exportDataset } from './dataset/export-dataset.ts';
export { importDataset } from './dataset/import-dataset.ts';
export { EXPORT_KINDS, exportRecords } from './export.ts';
export { importFile, importRecords } from './import/import-records.ts';
export { IMPORT_KINDS } from './import/parse-records.ts';
export { importHistory, importUpload } from './import/upload.ts';
export { DEFAULT_EMAIL_DOMAIN, labelStudioTasks } from './label-studio/export-label-studio.ts';
export { importLabelStudio } from './label-studio/import-label-studio.ts';
