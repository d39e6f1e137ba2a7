import { lastKnownMessage } from '~/lib/loyalty/last-known';
import { sx } from '~/lib/theme/static-css';
import { warningNoticeStyle } from './styles';

const noticeClass = sx({ ...warningNoticeStyle, mb: '4' });

/**
 * The line above a section shown from the shopper's last-known loyalty data while the service is
 * down ('Shown as of 10:42 AM: …'); nothing when the data is the service's own.
 */
export function LastKnownNotice({ label }: { label: string | null | undefined }) {
  if (!label) return null;
  return (
    <p role="status" className={noticeClass} data-testid="last-known">
      {lastKnownMessage(label)}
    </p>
  );
}
