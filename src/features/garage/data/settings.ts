// The keys of a settings domain for the garage's selects, with their label in the interface
// language. Read from the Dexie mirror that loadSettingsLabels fills (so they work offline).
import { useEffect } from 'react';
import type { SettingsDomain } from '@/contract/constants';
import { db } from '@/lib/db';
import { loadSettingsLabels, useT } from '@/lib/i18n';
import { useLive } from '@/lib/offline/live';

export type SettingsOption = { key: string; label: string };

function keysOf(entries: unknown): string[] {
  if (!Array.isArray(entries)) return [];
  return entries
    .map((entry) => (entry as { key?: unknown }).key)
    .filter((key): key is string => typeof key === 'string');
}

export function useSettingsOptions(domain: SettingsDomain): SettingsOption[] | undefined {
  const t = useT();
  const keys = useLive(async () => {
    const row = await db.settingsLabels.get(domain);
    return row ? keysOf(row.entries) : null;
  }, [domain]);
  useEffect(() => {
    // Not on this device yet (first sign-in still loading, or it failed): ask again.
    if (keys === null) void loadSettingsLabels();
  }, [keys]);
  if (!keys) return undefined;
  const prefix = domain.toUpperCase();
  return keys.map((key) => ({ key, label: t(`${prefix}.${key}`) }));
}
