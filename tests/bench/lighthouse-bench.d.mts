export const REPORT_DIR: string;
export interface PwaAudit {
  id: string;
  group: string;
  title: string;
  passed: boolean;
  detail: string;
}
export function benchLighthouse(
  baseUrl: string,
  log: (line: string) => void,
): Promise<{
  lh12Version: string;
  lh11Version: string;
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  opportunities: { id: string; displayValue: string; savingsMs: number }[];
  failedA11y: string[];
  reportDir: string;
  pwaAudits: PwaAudit[];
}>;
export const SIGNED_IN_ROUTES: string[];
export const SIGNED_IN_RUNS: number;
export interface RouteAudit {
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  opportunities: { id: string; displayValue: string; savingsMs: number }[];
  failedA11y: string[];
  finalPath: string;
  /** Every run's figures (the fields above are the median run's, by performance). */
  runs: { performance: number; accessibility: number; lcp: string; tbt: string }[];
}
export function benchLighthouseSignedIn(
  baseUrl: string,
  /** The member's password signs in afresh for each Lighthouse attempt. */
  session: {
    member: { email: string; password: string };
    token: string;
    refreshToken: string;
    user: unknown;
    locale?: string;
  },
  log: (line: string) => void,
): Promise<{ version: string; routes: Record<string, RouteAudit>; reportDir: string }>;
