import http from 'node:http';

/**
 * A stage's event stream (GET /api/stage/{key}/events, no cookie) read as a stage reads it: each event named
 * `event` handed to `onData` with its parsed data and the time its chunk was read. Answers the request (to end it).
 */
export function openStageEvents<T>(
  port: number,
  key: string,
  event: string,
  onData: (data: T, at: number) => void,
): Promise<http.ClientRequest> {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const req = http.get(`http://127.0.0.1:${port}/api/stage/${key}/events`, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stage ${key}: ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith(`event: ${event}\n`)) continue;
          onData(JSON.parse(block.slice(block.indexOf('data: ') + 6)) as T, at);
        }
      });
      resolve(req);
    });
    req.on('error', reject);
  });
}
