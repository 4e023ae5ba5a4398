// The one place the browser talks to the server. A non-OK response becomes an
// ApiError whose message is the server's JSON `message` (DESIGN.md §4.7).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { message?: unknown; fieldErrors?: Record<string, string> };
    if (typeof body.message === 'string' && body.message) {
      return new ApiError(response.status, body.message, body.fieldErrors ?? {});
    }
  } catch {
    // not JSON: fall through to the brief's "status: text" form
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
}

async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body: unknown) => request<T>('POST', url, body),
};
