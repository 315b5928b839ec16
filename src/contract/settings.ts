import { Type, type Static } from 'typebox';

import { SETTINGS_DOMAINS } from './constants';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';

export { SETTINGS_DOMAINS, type SettingsDomain } from './constants';

/** label_{locale} and optional description_{locale} per supported locale (spec §3). */
export const SettingsPayload = Type.Record(Type.String(), Type.String());

export const SettingsEntry = Type.Object({
  key: Type.String(),
  domainId: Type.String(),
  jsonPayload: SettingsPayload,
});
export type SettingsEntry = Static<typeof SettingsEntry>;

export const SettingsQuery = Type.Object({
  domainId: Type.Union(SETTINGS_DOMAINS.map((d) => Type.Literal(d))),
  key: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }),
  offset: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
});
export type SettingsQuery = Static<typeof SettingsQuery>;
