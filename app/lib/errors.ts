import { isRouteErrorResponse } from '@remix-run/react';

export interface NormalizedError {
  message: string;
  statusCode: number;
}

/** Every error the pages show is reduced to a message and a status code (default 500). */
export function normalizeError(error: unknown): NormalizedError {
  if (isRouteErrorResponse(error)) {
    const data = error.data as unknown;
    const message =
      typeof data === 'string'
        ? data
        : data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
          ? data.message
          : error.statusText;
    return { statusCode: error.status || 500, message: message || defaultMessage(error.status) };
  }
  if (error && typeof error === 'object') {
    const e = error as { statusCode?: unknown; status?: unknown; message?: unknown };
    const code = Number(e.statusCode ?? e.status);
    return {
      statusCode: Number.isInteger(code) && code >= 400 && code < 600 ? code : 500,
      message: typeof e.message === 'string' && e.message ? e.message : defaultMessage(500),
    };
  }
  if (typeof error === 'string' && error) return { statusCode: 500, message: error };
  return { statusCode: 500, message: defaultMessage(500) };
}

function defaultMessage(status: number) {
  return status === 404 ? 'This page could not be found' : 'Something went wrong.';
}
