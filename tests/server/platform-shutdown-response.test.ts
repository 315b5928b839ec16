// Once a shutdown begins, each answer closes its keep-alive connection (server/src/main.ts,
// http/shutdown-response.ts); before, connections stay open for the next request.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeConnectionsAfterAnswer, ShutdownAwareResponse } from '../../server/src/http/shutdown-response';

let server: Server;
beforeAll(async () => {
  server = createServer({ ServerResponse: ShutdownAwareResponse }, (req, res) => {
    if (req.url === '/implicit') {
      res.end('ok'); // headers written without a writeHead call
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function connectionHeader(path: string): Promise<string | undefined> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { connection: 'keep-alive' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers.connection));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('ShutdownAwareResponse', () => {
  it('keeps connections alive until the shutdown, then closes each after its answer', async () => {
    expect(await connectionHeader('/explicit')).toBe('keep-alive');
    expect(await connectionHeader('/implicit')).toBe('keep-alive');
    closeConnectionsAfterAnswer();
    expect(await connectionHeader('/explicit')).toBe('close');
    expect(await connectionHeader('/implicit')).toBe('close');
  });
});
