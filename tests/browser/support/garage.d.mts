import type { Page } from 'playwright-core';

export const SEEDED_LOG_TYPES: string[];
export interface SeededLog {
  type: string;
  title: string;
  content: string;
  contentText: string;
  location: string | null;
  tags: string[];
  costCents: number;
  currencyCode: string;
  startDate: string;
  mileage: number;
  createdAt: string;
}
export function seededLog(i: number): SeededLog;
export function expectedSeededMatches(count: number, filters?: { type?: string; query?: string }): number;
export function seedCarLogsInDatabase(dataDir: string, carId: string, count: number): string[];

export interface OutboxSummary {
  id: string;
  kind: string;
  entityId?: string;
  method: string;
  path: string;
  status: 'pending' | 'sending' | 'failed';
  lastStatus?: number;
  lastError?: string;
  attempts: number;
  dependsOn: string[];
}
export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

export const localDb: {
  countCarLogs(page: Page, carId: string): Promise<number>;
  waitForCarLogCount(page: Page, carId: string, target: number, options?: WaitOptions): Promise<number>;
  carLogs(page: Page, carId: string): Promise<Record<string, any>[]>;
  settingsDomains(page: Page): Promise<string[]>;
  outbox(page: Page): Promise<OutboxSummary[]>;
  waitForOutboxSettled(page: Page, options?: WaitOptions & { allowFailed?: boolean }): Promise<number>;
  queueCarLogCreates(
    page: Page,
    carId: string,
    count: number,
    startDate?: string,
    titlePrefix?: string,
  ): Promise<string[]>;
};
