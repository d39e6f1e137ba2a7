import fs from 'node:fs';
import path from 'node:path';
import { E2E_DATA_DIR } from '../playwright.config';

/**
 * The newest outbox e-mail to an address (mail goes to DATA_DIR/outbox without SMTP_URL), with
 * quoted-printable soft breaks and '=3D' undone; optionally only one whose text names a brand
 * host (`<site>.localhost`).
 */
export function latestMailTo(address: string, site?: string): string | null {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  for (const f of files) {
    const raw = fs
      .readFileSync(path.join(dir, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!raw.includes(`To: ${address}`)) continue;
    if (site && !raw.includes(`${site}.localhost`)) continue;
    return raw;
  }
  return null;
}
