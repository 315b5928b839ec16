// The answer envelope of every API call (docs/DESIGN-NOTES.md "API conventions").
// Client code imports only types from src/contract so that typebox never reaches the bundle.
import { Type, type Static, type TProperties, type TSchema } from 'typebox';
import { OFFSET_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';

export { API_BASE } from './constants';

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'IDEMPOTENCY_CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'INVALID_RESET_TOKEN',
  'INVALID_CURRENT_PASSWORD',
  'INVALID_EMAIL_TOKEN',
  'REAUTHENTICATION_REQUIRED',
  'FRIEND_REQUEST_PENDING',
  'ALREADY_FRIENDS',
  'FRIEND_REQUEST_NOT_PENDING',
  'ODOMETER_OUT_OF_ORDER',
  'ODOMETER_JUMP',
  'IMPORT_FORMAT_UNKNOWN',
  'CAR_MEMBER_NOT_FRIEND',
  'CAR_MEMBER_EXISTS',
  'CAR_INVITE_NOT_PENDING',
  'CAR_TRANSFER_PENDING',
  'CAR_TRANSFER_NOT_PENDING',
  'IMPORT_TOO_MANY_ROWS',
  'IMPORT_FILE_NOT_TEXT',
  'IMPORT_FILE_UNREADABLE',
  'CAR_LOG_LIMIT',
  'WORK_LIMIT_REACHED',
  'CAR_TRANSFER_DAILY_LIMIT',
  'CAR_TRANSFER_DECLINED_RECENTLY',
  'MEMBER_SUSPENDED',
  'REPORT_NOT_OPEN',
  'TOO_MANY_IMAGES',
  'SERVICE_UNAVAILABLE',
  'MEDIA_STORE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBody = Type.Object({
  success: Type.Literal(false),
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    fields: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  }),
});
export type ErrorBody = Static<typeof ErrorBody>;

export const ListMeta = Type.Object({
  total: Type.Optional(Type.Integer()),
  limit: Type.Integer(),
  offset: Type.Integer(),
});
export type ListMeta = Static<typeof ListMeta>;

/**
 * The meta of one page of an offset-paged list: `total` (how many the list holds), the page's
 * `limit` and `offset`, then what else the list tells (an unread count, a cursor, a room id).
 */
export const pageMeta = <P extends TProperties = Record<never, never>>(more: P = {} as P) =>
  Type.Object({ total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer(), ...more });

/** `{ success: true, data }` around a schema, for route response declarations. */
export const Ok = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal(true), data, meta: Type.Optional(ListMeta) });

export type OkBody<T> = { success: true; data: T; meta?: ListMeta };
export type ApiBody<T> = OkBody<T> | ErrorBody;

/** limit (default 20, at most 100) and offset, as every list call takes them. */
export const Pagination = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }),
  offset: Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 }),
});
