// During a shutdown, a keep-alive connection whose request was in flight when it began would hold
// the server open after its answer (only connections idle at that moment are closed): its answer
// closes it. This was an onSend hook, which put a hook chain on every response of the server's
// life for the sake of its last seconds; here it is one flag read as the headers go out.
import { type IncomingMessage, ServerResponse } from 'node:http';

let closing = false;

/** From now on, each answer sent closes its connection (`Connection: close`). */
export function closeConnectionsAfterAnswer(): void {
  closing = true;
}

/** The server's response class (Fastify's `http.ServerResponse` option). */
export class ShutdownAwareResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  // Every way out of Node writes its headers here (end() without writeHead calls it too).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override writeHead(...args: any[]): this {
    if (closing) this.shouldKeepAlive = false;
    return super.writeHead(...(args as Parameters<ServerResponse<Request>['writeHead']>));
  }
}
