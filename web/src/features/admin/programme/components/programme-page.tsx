import { useMemo } from 'react';
import { Loading, Screen } from '@/features/admin/shared/components/screen';
import { canChangeProgramme, type StaffRole } from '@/features/admin/shell/roles';
import { usePublicProgramme } from '../api/programme';
import { ImportForm } from './import-form';
import { SpeakerPhotos } from './speaker-photos';
import { VersionsTable } from './versions-table';

/** The programme from the call-for-papers tool's file: import it, see its versions, mend the speakers' photos. */
export function ProgrammePage({ role }: { role: StaffRole }) {
  const programme = usePublicProgramme();
  const titles = useMemo(
    () => new Map((programme.data?.sessions ?? []).map((session) => [session.slug, session.title])),
    [programme.data],
  );
  const changes = canChangeProgramme(role);
  return (
    <Screen
      title="Programme"
      description="Speakers, sessions and the schedule, imported from pretalx, frab XML or Sessionize. Each applied import is a numbered version."
    >
      {changes && <ImportForm titles={titles} />}
      <VersionsTable titles={titles} />
      {changes &&
        (programme.data ? (
          programme.data.speakers.length > 0 && <SpeakerPhotos speakers={programme.data.speakers} />
        ) : (
          <Loading error={programme.error} />
        ))}
    </Screen>
  );
}
