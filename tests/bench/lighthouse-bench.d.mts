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
): {
  lh12Version: string;
  lh11Version: string;
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  opportunities: { id: string; displayValue: string; savingsMs: number }[];
  failedA11y: string[];
  reportDir: string;
  pwaAudits: PwaAudit[];
};
