// Route-level schema pieces every feature's routes share: the answer envelopes and the error
// answers a route declares (for serialisation and OpenAPI; the error handler shapes the errors).
import { Type, type TSchema } from 'typebox';
import { ErrorBody } from '../../../src/contract/envelope';

/** Error answers a route declares for OpenAPI; the error handler shapes them. */
export const errors = (...codes: (400 | 401 | 403 | 404 | 409 | 413 | 415)[]) =>
  Object.fromEntries(codes.map((code) => [code, ErrorBody])) as Record<number, typeof ErrorBody>;

/** `{ success: true, data }` without list meta. */
export const OkItem = <T extends TSchema>(data: T) => Type.Object({ success: Type.Literal(true), data });

/** `{ success: true, data: [...], meta }` with the list's own meta. */
export const OkList = <T extends TSchema, M extends TSchema>(item: T, meta: M) =>
  Type.Object({ success: Type.Literal(true), data: Type.Array(item), meta });

/** The answer of a delete: the id of what is gone. */
export const Deleted = Type.Object({ id: Type.String() });
