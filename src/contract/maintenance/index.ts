// The maintenance tracker's rules: pure functions that the server and the device both
// run, so that the state shown offline is the server's. No DOM, no Node, no typebox here.
export * from './dates';
export * from './fill-up-title';
export * from './fuel-economy';
export * from './odometer';
export * from './reminder-state';
export * from './units';
