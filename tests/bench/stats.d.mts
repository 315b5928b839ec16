export function median(values: number[]): number;
export function percentile(values: number[], p: number): number;
export function sleep(ms: number): Promise<void>;
export function readRssMiB(pid: number): Promise<number>;
