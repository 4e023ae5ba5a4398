import type { DuplicateScan } from '../api/schemas';
import { doubtLabels, formatTime } from './format';

/**
 * One scan the organizer should see, as a sentence: the admission, then the other scan of the
 * ticket, a later one or one whose time was not believed. `withStaff` names who scanned.
 */
export function DuplicateScanText({ scan, withStaff = false }: { scan: DuplicateScan; withStaff?: boolean }) {
  const by = (name: string) => (withStaff ? ` by ${name}` : '');
  return (
    <>
      {scan.attendeeName}: admitted {formatTime(scan.firstAt)}
      {by(scan.firstBy)} on {scan.firstDevice}; {scan.doubt ? 'a scan dated' : 'scanned again'}{' '}
      {formatTime(scan.scannedAt)}
      {by(scan.scannedBy)} on {scan.deviceId}
      {scan.doubt && ` (time not believed: ${doubtLabels[scan.doubt]})`}
    </>
  );
}
