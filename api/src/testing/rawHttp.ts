// Requests as raw as node:http sends them: fetch refuses malformed URLs, and the tests need to send them.
import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface RawRequest {
  method: string;
  /** Sent as is: node:http only refuses characters below 0x21 and above 0xff. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One request to `baseUrl` (http://host:port), its whole answer as text. */
export function rawRequest(baseUrl: string, request: RawRequest, agent?: http.Agent): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        // A body always goes with its length (node:http sends a GET's body unframed otherwise).
        headers:
          request.body === undefined || request.headers?.['content-length'] !== undefined
            ? request.headers
            : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

/** The session cookie (`dond.sid=…`) an answer sets, if any. */
export function sessionCookie(res: RawResponse): string | undefined {
  return res.headers['set-cookie']?.find((c) => c.startsWith('dond.sid='))?.split(';')[0];
}
