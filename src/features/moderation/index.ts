// The moderators' screen: the reports queue, the actions on a report, the audit log.
export { ModerationScreen } from './moderation-screen';
