import type { Page } from 'playwright-core';
export const DEVICE_DATA_MARK: string;
export function deviceDataReason(page: Page): Promise<string | null>;
export function startDeviceData(page: Page, options?: { timeoutMs?: number }): Promise<string>;
export function waitForMirroredPosts(
  page: Page,
  min: number,
  options?: { timeoutMs?: number },
): Promise<void>;
