import pino from 'pino';

/** One process-wide logger. Secrets are redacted by key wherever they might appear. */
export const logger = pino({
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: undefined,
  redact: {
    paths: [
      '*.password',
      '*.authorization',
      '*.cookie',
      'req.headers.cookie',
      'req.headers.authorization',
      '*.secret',
      '*.token',
    ],
    censor: '[redacted]',
  },
});
