// What other features may use of the sync feature: clearing this device's data as a logout does
// (Dexie with the outbox, and the runtime caches), loaded only when called (it pulls Dexie in).
export async function clearThisDevice(): Promise<void> {
  await (await import('./device-data')).clearDeviceData();
}
