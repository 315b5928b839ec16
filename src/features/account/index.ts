// What other features may use of the account settings: the path of the screen and the
// preferences query. Screens are not exported here: route files import them directly (each is
// its own chunk).
export const ACCOUNT_SETTINGS_PATH = '/account' as const;
export { accountKeys } from './api/keys';
export { preferencesQueryOptions, usePreferences } from './api/get-preferences';
