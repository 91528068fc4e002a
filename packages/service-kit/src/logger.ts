import pino, { type Logger } from 'pino';
import { requestIdMixin } from './request-context';

/** The JSON logger every deployable uses; only main.ts files call this. */
export function createLogger(options: { level: string; name: string }): Logger {
  return pino({
    level: options.level,
    name: options.name,
    // The request id on every line logged while a request is handled (request-context.ts).
    mixin: requestIdMixin,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-identity"]',
        'req.headers["x-internal-token"]',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
      ],
      censor: '[redacted]',
    },
  });
}
