// Route-level schema pieces shared by the car and car log routes (answers and error envelopes).
import { Type, type TSchema } from 'typebox';
import { ErrorBody } from '../../../src/contract/envelope';

/** Error answers a route declares for OpenAPI; the error handler shapes them. */
export const errors = (...codes: (400 | 401 | 404 | 409)[]) =>
  Object.fromEntries(codes.map((code) => [code, ErrorBody])) as Record<number, typeof ErrorBody>;

export const Deleted = Type.Object({ id: Type.String() });

/** `{ success: true, data }` without list meta. */
export const OkItem = <T extends TSchema>(data: T) => Type.Object({ success: Type.Literal(true), data });
