export const SERVER_OUT: string;
export function buildServer(outfile?: string): Promise<number>;
