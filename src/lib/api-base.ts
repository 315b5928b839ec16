// The API base path. src/contract/envelope.ts holds the same value, but importing a value from it
// would pull typebox (its schemas run at module load) into the client bundle; client code imports
// only types from there. api-base.test.ts keeps the two equal.
export const API_BASE = '/api/v1.0';
