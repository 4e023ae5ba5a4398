// The one place the browser talks to the server. A non-OK response becomes an
// ApiError whose message is the server's JSON `message` (DESIGN.md §4.7).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    /** The server's machine-readable reason, such as `card_declined` or `sign_in_required`. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { message?: unknown; fieldErrors?: Record<string, string>; code?: unknown };
    if (typeof body.message === 'string' && body.message) {
      const code = typeof body.code === 'string' ? body.code : undefined;
      return new ApiError(response.status, body.message, body.fieldErrors ?? {}, code);
    }
  } catch {
    // not JSON: fall through to the brief's "status: text" form
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
}

async function request<T>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(url: string, headers?: Record<string, string>) => request<T>('GET', url, undefined, headers),
  post: <T>(url: string, body: unknown, headers?: Record<string, string>) => request<T>('POST', url, body, headers),
  delete: <T>(url: string) => request<T>('DELETE', url),
};
