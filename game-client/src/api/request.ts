// The request helper of SPEC.md section 7: credentials on every call, a JSON body only with a payload,
// and a non-success answer raised as '<status>: <response text or status text>'.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly responseText: string,
    statusText: string,
  ) {
    super(`${status}: ${responseText || statusText}`);
  }

  /** The server's own words: the `error` (or `details`) field of a JSON answer, else null. */
  get serverMessage(): string | null {
    try {
      const body = JSON.parse(this.responseText) as { error?: unknown; details?: unknown };
      const message = body.error ?? body.details;
      return typeof message === 'string' ? message : null;
    } catch {
      return null;
    }
  }
}

/** The server's message of an error, for a toast, or null when it gave none. */
export function serverMessage(error: unknown): string | null {
  return error instanceof HttpError ? error.serverMessage : null;
}

/**
 * How a request reaches the API: the page's own fetch (same origin, its cookie), or, for a headless test in
 * Node, a server's base URL and a signed-in session's cookie.
 */
export interface ApiTransport {
  fetch(url: string, init: RequestInit): Promise<Response>;
}

export const browserTransport: ApiTransport = {
  fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }),
};

/** A transport to the API at `baseUrl` (e.g. http://127.0.0.1:4000) as the session of `cookie`. */
export function serverTransport(baseUrl: string, cookie = ''): ApiTransport {
  return {
    fetch: (url, init) =>
      fetch(new URL(url, baseUrl), {
        ...init,
        headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
      }),
  };
}

export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  transport: ApiTransport = browserTransport,
  headers: Record<string, string> = {},
): Promise<Response> {
  const res = await transport.fetch(url, {
    method,
    headers: data !== undefined ? { ...headers, 'Content-Type': 'application/json' } : headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
  });
  if (!res.ok) throw new HttpError(res.status, await res.text(), res.statusText);
  return res;
}

/** Sends a request and parses the JSON answer with a shared schema (or anything with a parse method). */
export async function apiJson<T>(
  method: string,
  url: string,
  data: unknown,
  schema: { parse(value: unknown): T },
  transport: ApiTransport = browserTransport,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await apiRequest(method, url, data, transport, headers);
  return schema.parse(await res.json());
}

export type On401 = 'returnNull' | 'throw';

/** The default read: a GET to the joined query key, parsed as JSON; optionally a 401 is "no data". */
export function getQueryFn(options: { on401: On401 }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<unknown> => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    if (!res.ok) throw new HttpError(res.status, await res.text(), res.statusText);
    return res.json();
  };
}
