export const MIN_BYTES: number;
export function compressClient(dir: string): Promise<number>;
