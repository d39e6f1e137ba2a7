import path from 'node:path';
import { E2E_DATA_DIR } from '../../playwright.config';
import { latestMailTo as latestIn, type OutboxMail } from '../../test/outbox';

/**
 * The newest e-mail the e2e server wrote to an address (mail goes to DATA_DIR/outbox without
 * SMTP_URL), read by the one outbox reader (test/outbox.ts); optionally only one whose text names
 * a brand host (`<site>.localhost`).
 */
export function latestMailTo(address: string, site?: string): Promise<OutboxMail | null> {
  return latestIn(
    path.join(E2E_DATA_DIR, 'outbox'),
    address,
    (mail) => !site || (mail.text ?? '').includes(`${site}.localhost`),
  );
}

/** Everything a reader sees of an e-mail: its addresses, subject, text and HTML parts. */
export function readable(mail: OutboxMail): string {
  return [mail.from, mail.to, mail.replyTo, mail.subject, mail.text, mail.html]
    .filter(Boolean)
    .join('\n');
}
