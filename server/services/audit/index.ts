export { appActor, auditEntries, CLI_ACTOR } from './audit.ts';
