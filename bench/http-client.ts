import http from 'node:http';

/**
 * The bench's HTTP client for calls it makes by the thousand: node:http on kept-alive connections. It costs the bench
 * process far less CPU per call than fetch, and on this machine the bench, the server and PostgreSQL share the same
 * cores, so a heavy client would be measured as a slow server.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export type THttpAnswer = { status: number; text: string };

export function httpCall(url: string, method: string, headers: Record<string, string>, body?: string): Promise<THttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
