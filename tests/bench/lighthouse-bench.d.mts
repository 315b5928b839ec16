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
export const SIGNED_IN_TARGETS: { score: number; lcpMs: number; tbtMs: number };
export interface RouteAudit {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  /** Whether the median run meets every signed-in target (SIGNED_IN_TARGETS). */
  meets: boolean;
  metrics: Record<string, string>;
  opportunities: { id: string; displayValue: string; savingsMs: number }[];
  failedA11y: string[];
  finalPath: string;
  /** Every run's figures (the fields above are the median run's, by performance). */
  runs: {
    performance: number;
    accessibility: number;
    bestPractices: number;
    seo: number;
    lcp: string;
    tbt: string;
  }[];
}
/** Seeds a member with everything a screen shows (seedScreens), then audits each route. */
export function benchLighthouseSignedIn(
  baseUrl: string,
  log: (line: string) => void,
): Promise<{ version: string; routes: Record<string, RouteAudit>; reportDir: string }>;
