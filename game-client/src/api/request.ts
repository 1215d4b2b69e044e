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

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
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
): Promise<T> {
  const res = await apiRequest(method, url, data);
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
