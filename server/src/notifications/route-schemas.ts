// Answer envelopes for the notifications and messages routes (OpenAPI and serialisation).
import { Type, type TSchema } from 'typebox';
import { ErrorBody } from '../../../src/contract/envelope';

/** Error answers a route declares for OpenAPI; the error handler shapes them. */
export const errors = (...codes: (400 | 401 | 403 | 404 | 409)[]) =>
  Object.fromEntries(codes.map((code) => [code, ErrorBody])) as Record<number, typeof ErrorBody>;

/** `{ success: true, data }`. */
export const OkItem = <T extends TSchema>(data: T) => Type.Object({ success: Type.Literal(true), data });

/** `{ success: true, data: [...], meta }` with the list's own meta. */
export const OkList = <T extends TSchema, M extends TSchema>(item: T, meta: M) =>
  Type.Object({ success: Type.Literal(true), data: Type.Array(item), meta });
