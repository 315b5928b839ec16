// Test helper: the part of a socket.io client socket that src/lib/realtime/socket.ts uses.
type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  readonly opts: { auth?: { token?: string }; path?: string; transports?: string[] };
  connected = false;
  closed = false;
  readonly emitted: unknown[][] = [];
  private handlers = new Map<string, Handler[]>();

  constructor(opts: FakeSocket['opts']) {
    this.opts = opts;
  }
  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, ...args: unknown[]): this {
    this.emitted.push([event, ...args]);
    return this;
  }
  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }
  disconnect(): this {
    this.connected = false;
    this.closed = true;
    return this;
  }
  /** What the server (or the transport) would make the socket fire. */
  fire(event: string, ...args: unknown[]): void {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    this.handlers.get(event)?.forEach((handler) => handler(...args));
  }
}

/**
 * What `vi.mock('socket.io-client', …)` answers: `io()` makes a FakeSocket and pushes it onto
 * `sockets` (a `vi.hoisted` array of the test file), so the test can drive the latest one.
 */
export function fakeSocketIo(sockets: FakeSocket[]) {
  return {
    io: (opts: FakeSocket['opts']) => {
      const socket = new FakeSocket(opts);
      sockets.push(socket);
      return socket;
    },
  };
}
