import { isRouteErrorResponse } from '@remix-run/react';

export interface NormalizedError {
  message: string;
  statusCode: number;
}

/** What shoppers read for an error we did not word ourselves: never the error's own text. */
const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'The address or the form could not be understood. Please check it and try again.',
  404: 'This page could not be found',
  405: 'This page does not take that kind of request.',
  413: 'What was sent is too large.',
  429: 'Too many attempts. Please wait a few minutes and try again.',
};
const SERVER_MESSAGE = 'Something went wrong on our side. Please try again in a few minutes.';

export function defaultErrorMessage(status: number): string {
  return DEFAULT_MESSAGES[status] ?? (status >= 500 ? SERVER_MESSAGE : DEFAULT_MESSAGES[400]);
}

/**
 * Every error the pages show is reduced to a message and a status code (default 500). Only
 * messages our own code put in an error response (`{ message }`, e.g. notFound()) are shown;
 * anything else (Remix's own 404/405 texts, a thrown Error's message) gives the default message
 * of its status, so no internal text reaches a shopper.
 */
export function normalizeError(error: unknown): NormalizedError {
  if (isRouteErrorResponse(error)) {
    const statusCode = error.status >= 400 && error.status < 600 ? error.status : 500;
    const data = error.data as unknown;
    const internal = (error as { internal?: boolean }).internal === true;
    const own =
      !internal &&
      data &&
      typeof data === 'object' &&
      'message' in data &&
      typeof data.message === 'string' &&
      data.message
        ? data.message
        : null;
    return { statusCode, message: own ?? defaultErrorMessage(statusCode) };
  }
  if (error && typeof error === 'object') {
    const e = error as { statusCode?: unknown; status?: unknown };
    const code = Number(e.statusCode ?? e.status);
    const statusCode = Number.isInteger(code) && code >= 400 && code < 600 ? code : 500;
    return { statusCode, message: defaultErrorMessage(statusCode) };
  }
  return { statusCode: 500, message: defaultErrorMessage(500) };
}

/** The error page's heading and title: 'Page not found' for 404, else 'An error occurred'. */
export function errorTitle(statusCode: number): string {
  return statusCode === 404 ? 'Page not found' : 'An error occurred';
}
