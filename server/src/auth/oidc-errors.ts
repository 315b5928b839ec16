import type { ExternalSignInError } from '../../../src/contract/auth';

/** A failure that sends the browser back to the client with `#error=<code>`. */
export class ExternalSignInFailure extends Error {
  constructor(
    readonly code: ExternalSignInError,
    cause?: unknown,
  ) {
    super(code, { cause });
  }
}
