/**
 * HTTP/1.1 by hand over one TCP connection, for what fetch() hides: several requests on the same
 * socket, request lines and headers fetch() will not send, and how the server ends the connection.
 */
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  /**
   * Writes the bytes as they are and reads one response (Content-Length bodies only). `end`
   * half-closes the connection after them: the client has nothing more to send.
   */
  exchange(request: string, options?: { end?: boolean }): Promise<RawResponse>;
  /** Resolves when the server closes: 'end' for a proper close (FIN), 'reset' for ECONNRESET. */
  closed: Promise<'end' | 'reset'>;
  destroy(): void;
}

export function openRaw(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let buffer = Buffer.alloc(0);
    let waiting: (() => void) | undefined;
    let ended = false;
    const closed = new Promise<'end' | 'reset'>((done) => {
      socket.on('end', () => {
        ended = true;
        waiting?.();
        done('end');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => {
        ended = true;
        waiting?.();
        done(error.code === 'ECONNRESET' ? 'reset' : 'end');
      });
    });
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      waiting?.();
    });
    const more = () => new Promise<void>((r) => (waiting = r));

    async function readResponse(): Promise<RawResponse> {
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end >= 0) {
          const head = buffer.subarray(0, end).toString('latin1').split('\r\n');
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
          const headers: Record<string, string> = {};
          for (const line of head.slice(1)) {
            const colon = line.indexOf(':');
            headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
          }
          const length = Number(headers['content-length'] ?? 0);
          while (buffer.length < end + 4 + length && !ended) await more();
          const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
          buffer = buffer.subarray(end + 4 + length);
          return { status, headers, body };
        }
        if (ended) throw new Error(`connection closed before a whole response; got ${JSON.stringify(buffer.toString('latin1').slice(0, 200))}`);
        await more();
      }
    }

    socket.once('connect', () =>
      resolve({
        exchange: (request, options = {}) => {
          if (options.end) socket.end(request);
          else socket.write(request);
          return readResponse();
        },
        closed,
        destroy: () => socket.destroy(),
      }),
    );
    socket.once('error', reject);
  });
}

/** A GET request as bytes; `host` defaults to the server's own address. */
export function rawGet(port: number, target: string, headers: Record<string, string> = {}): string {
  const all = { host: `127.0.0.1:${port}`, ...headers };
  return `GET ${target} HTTP/1.1\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
}
