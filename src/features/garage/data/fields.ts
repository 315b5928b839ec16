// The fields of a car and of a log: the contract's lists (src/contract/fields.ts), which the
// server's exports, imports, dossier and sale handover follow too.
export { CAR_FIELDS, LOG_FIELDS, type CarField, type LogField } from '@/contract/fields';
