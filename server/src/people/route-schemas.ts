// Route-level schema pieces of the people routes (answers and error envelopes, for OpenAPI).
import { Type, type TSchema } from 'typebox';
import { ErrorBody } from '../../../src/contract/envelope';

export const tags = ['people'];

export const errors = (...codes: (400 | 401 | 404 | 409 | 413 | 415)[]) =>
  Object.fromEntries(codes.map((code) => [code, ErrorBody])) as Record<number, typeof ErrorBody>;

/** `{ success: true, data }` without list meta. */
export const OkItem = <T extends TSchema>(data: T) => Type.Object({ success: Type.Literal(true), data });
