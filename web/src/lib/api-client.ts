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

/** A request body: JSON (any value), or text or a file sent as it is with its content type (a CSV file, an image). */
type Body = { json: unknown } | { text: string | Blob; contentType: string };

async function request<T>(method: string, url: string, body?: Body, headers?: Record<string, string>): Promise<T> {
  const [payload, contentType] =
    body === undefined
      ? [undefined, undefined]
      : 'json' in body
        ? [JSON.stringify(body.json), 'application/json']
        : [body.text, body.contentType];
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(contentType !== undefined && { 'Content-Type': contentType }),
      ...headers,
    },
    body: payload,
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** A file, such as a PDF, as its bytes; a failure reads as JSON like any other call's. */
async function download(url: string, headers?: Record<string, string>): Promise<Blob> {
  const response = await fetch(url, { method: 'GET', credentials: 'include', headers });
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

export const api = {
  get: <T>(url: string, headers?: Record<string, string>) => request<T>('GET', url, undefined, headers),
  post: <T>(url: string, body: unknown, headers?: Record<string, string>) =>
    request<T>('POST', url, { json: body }, headers),
  put: <T>(url: string, body: unknown, headers?: Record<string, string>) =>
    request<T>('PUT', url, { json: body }, headers),
  patch: <T>(url: string, body: unknown) => request<T>('PATCH', url, { json: body }),
  /** Sends `text` as it is with its content type: a CSV file, a chosen file's bytes. */
  send: <T>(method: 'POST' | 'PUT', url: string, text: string | Blob, contentType: string) =>
    request<T>(method, url, { text, contentType }),
  delete: <T>(url: string, headers?: Record<string, string>) => request<T>('DELETE', url, undefined, headers),
  getBlob: download,
};
