// Trust in the app: the report form and the "…" menu (report, block, mute) shown on others' things.
export { TrustMenu, type TrustMenuProps } from './trust-menu';
export { ReportDialog, type ReportDialogProps } from './report-dialog';
export { muteMember, sendReport, type ReportTarget } from './api';
export { blockMember, unblockMember } from './block-actions';
export { PrivacySection } from './privacy-section';
