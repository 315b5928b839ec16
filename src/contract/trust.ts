// Trust and safety on the wire: block, mute, report, the moderators' queue and audit log
// (docs/SPEC-NOTES.md "Trust"). Client code imports only the types from here.
import { Type, type Static } from 'typebox';
import {
  MODERATION_ACTIONS,
  MODERATION_NOTE_MAX,
  OFFSET_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  SUSPENSION_HOURS_MAX,
  type ModerationAction,
  type ReportReason,
  type ReportTargetType,
} from './constants';

// The plain values (error codes, lists, limits) live in constants.ts, which client code imports.
export {
  MESSAGES_FROM,
  MODERATION_ACTIONS,
  MODERATION_NOTE_MAX,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  SUSPENSION_HOURS_MAX,
  TERMS_VERSION,
  TRUST_ERROR_CODES,
  type MessagesFrom,
  type ModerationAction,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
} from './constants';

const Uuid = Type.String({ format: 'uuid' });
const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const UserIdParams = Type.Object({ id: Uuid });
export type UserIdParams = Static<typeof UserIdParams>;
export const ReportIdParams = Type.Object({ id: Uuid });

/** A member I blocked (GET /users/me/blocks), newest first. */
export const BlockedMember = Type.Object({
  id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  blockedAt: Type.String({ format: 'date-time' }),
});
export type BlockedMember = Static<typeof BlockedMember>;

/** POST/DELETE /users/{id}/block and /mute: the state after the call. */
export const BlockState = Type.Object({ id: Type.String(), blocked: Type.Boolean() });
export type BlockState = Static<typeof BlockState>;
export const MuteState = Type.Object({ id: Type.String(), muted: Type.Boolean() });
export type MuteState = Static<typeof MuteState>;

export const ListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }),
  offset: Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 }),
});

export const ReportBody = Type.Object(
  {
    targetType: literals(REPORT_TARGET_TYPES),
    targetId: Uuid,
    reason: literals(REPORT_REASONS),
    details: Type.Optional(Type.Union([Type.String({ maxLength: REPORT_DETAILS_MAX }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ReportBody = Static<typeof ReportBody> & {
  targetType: ReportTargetType;
  reason: ReportReason;
};

/** What the reporter gets back: their own report. */
export const Report = Type.Object({
  id: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  reason: Type.String(),
  details: Type.Union([Type.String(), Type.Null()]),
  reportedAt: Type.String({ format: 'date-time' }),
});
export type Report = Static<typeof Report>;

/** The thing as it was when first reported (kept when its author edits or deletes it). */
export const ReportedContent = Type.Object({
  authorId: Type.Union([Type.String(), Type.Null()]),
  /** Plain text or sanitised HTML, as the thing holds it. */
  text: Type.String(),
  /** The other fields the thing had (a message's subject, a car's make and model…). */
  fields: Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()])),
});
export type ReportedContent = Static<typeof ReportedContent>;

export const ModerationReport = Type.Object({
  id: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  reason: Type.String({ description: 'The first reporter’s reason' }),
  details: Type.Union([Type.String(), Type.Null()]),
  reportedAt: Type.String({ format: 'date-time', description: 'When it was first reported' }),
  reporterCount: Type.Integer({ description: 'How many members reported it' }),
  status: Type.String(),
  outcome: Type.Union([Type.String(), Type.Null()]),
  content: ReportedContent,
});
export type ModerationReport = Static<typeof ModerationReport>;

export const ModerationReportsQuery = Type.Object({
  status: Type.Optional(literals(REPORT_STATUSES)),
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }),
  offset: Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 }),
});

export const ModerationActionBody = Type.Object(
  {
    action: literals(MODERATION_ACTIONS),
    note: Type.Optional(Type.Union([Type.String({ maxLength: MODERATION_NOTE_MAX }), Type.Null()])),
    durationHours: Type.Optional(Type.Integer({ minimum: 1, maximum: SUSPENSION_HOURS_MAX })),
  },
  { additionalProperties: false },
);
export type ModerationActionBody = Static<typeof ModerationActionBody> & { action: ModerationAction };

export const ModerationAuditEntry = Type.Object({
  id: Type.String(),
  reportId: Type.String(),
  moderatorId: Type.String(),
  action: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  durationHours: Type.Union([Type.Integer(), Type.Null()]),
  targetType: Type.String(),
  targetId: Type.String(),
  targetAuthorId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ModerationAuditEntry = Static<typeof ModerationAuditEntry>;
