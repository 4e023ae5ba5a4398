import { screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import type { Changes, ProgrammeVersion } from '../api/programme';
import { AdminApp } from '@/features/admin/shell/components/admin-app';

const keynote = 'testconf-9001-opening-keynote-code-by-the-ocean';

const noChanges: Changes = {
  sessionsAdded: 0,
  sessionsChanged: 0,
  sessionsRemoved: 0,
  speakersAdded: 0,
  speakersChanged: 0,
  speakersRemoved: 0,
  moved: [],
};

/** One title changed and the opening keynote an hour later, as the server reports it. */
const edit: Changes = {
  ...noChanges,
  sessionsChanged: 2,
  moved: [
    {
      session: keynote,
      from: { start: '2026-05-18T09:00:00-04:00', end: '2026-05-18T10:00:00-04:00', room: 'Main Hall' },
      to: { start: '2026-05-18T10:00:00-04:00', end: '2026-05-18T11:00:00-04:00', room: 'Main Hall' },
    },
  ],
};

const firstVersion: ProgrammeVersion = {
  number: 1,
  appliedAt: 1_767_225_600_000,
  format: 'pretalx',
  changes: { ...noChanges, sessionsAdded: 8, speakersAdded: 5 },
  appliedBy: 'API token',
};

interface Sent {
  method: string;
  url: string;
  body: unknown;
  contentType: string | null;
}

/**
 * The programme's calls over a state kept in memory: a preview answers `changes`, an apply of a file that changes
 * something adds a version, a photo upload gives the speaker one. `refuse` may answer first (a 422).
 */
function serveProgramme({
  role = 'owner',
  changes = edit,
  refuse,
}: {
  role?: string;
  changes?: Changes;
  refuse?: (sent: Sent) => Response | undefined;
} = {}) {
  const versions = [firstVersion];
  const speakers = [
    { slug: 'marisol-quintero', name: 'Marisol Quintero', photo: null as string | null },
    { slug: 'kenji-watanabe', name: 'Kenji Watanabe', photo: '/media/speakers/kenji.webp' as string | null },
  ];
  const sent: Sent[] = [];
  const fetchSpy = mockFetch((url, init) => {
    const path = url.split('?')[0];
    const method = init?.method ?? 'GET';
    if (path === '/api/admin/session') return jsonResponse({ name: 'Olivia', role });
    if (method === 'GET' && path === '/api/admin/programme/versions') return jsonResponse({ versions });
    if (method === 'GET' && path === '/api/programme') {
      return jsonResponse({
        version: versions[0].number,
        sessions: [{ slug: keynote, title: 'Opening Keynote: Code by the Ocean', start: '…' }],
        speakers: speakers.map((speaker) => ({ ...speaker, tagline: null, featured: false })),
      });
    }
    const request = { method, url, body: init?.body, contentType: new Headers(init?.headers).get('Content-Type') };
    sent.push(request);
    const early = refuse?.(request);
    if (early) return early;
    if (method === 'POST' && path === '/api/admin/programme/import') {
      const apply = url.endsWith('?apply=true');
      const changesSomething = changes !== noChanges;
      if (apply && changesSomething) {
        versions.unshift({ number: 2, appliedAt: Date.now(), format: 'pretalx', changes, appliedBy: 'Olivia' });
      }
      return jsonResponse({
        format: 'pretalx',
        changes,
        ...(apply && changesSomething && { version: 2 }),
      });
    }
    const photo = /^\/api\/admin\/programme\/speakers\/([^/]+)\/photo$/.exec(path);
    const speaker = photo && speakers.find((each) => each.slug === decodeURIComponent(photo[1]));
    if (speaker && method === 'PUT') {
      speaker.photo = `/media/speakers/${speaker.slug}.webp`;
      return jsonResponse({ photo: speaker.photo, photoLarge: `/media/speakers/${speaker.slug}-large.webp` });
    }
    if (speaker && method === 'DELETE') {
      speaker.photo = null;
      return new Response(null, { status: 204 });
    }
    return new Response('not found', { status: 404 });
  });
  return { fetchSpy, sent };
}

function renderProgramme() {
  return renderWithProviders(
    <Routes>
      <Route path={paths.admin.route} element={<AdminApp />} />
    </Routes>,
    { route: paths.admin.programme },
  );
}

const programmeFile = () => new File(['{"schedule": {}}'], 'schedule.json', { type: 'application/json' });

function versionRows() {
  const table = screen.getByRole('table', { name: 'Versions of the programme' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('rowheader')[0].textContent);
}

describe('the programme screen', () => {
  it('previews a file with its counts and moves, applies it, and lists the new version first', async () => {
    const { sent } = serveProgramme();
    const { user } = renderProgramme();

    expect(await screen.findByRole('link', { name: 'Programme' })).toHaveAttribute('aria-current', 'page');
    const file = programmeFile();
    await user.upload(await screen.findByLabelText('Programme file'), file);
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('Format: pretalx JSON');
    expect(within(preview).getByText('Sessions').nextSibling).toHaveTextContent(
      '0 added, 1 changed, 1 moved, 0 removed',
    );
    expect(within(preview).getByText('Speakers').nextSibling).toHaveTextContent('0 added, 0 changed, 0 removed');
    expect(within(within(preview).getByRole('region', { name: 'Moved' })).getByRole('listitem')).toHaveTextContent(
      'Opening Keynote: Code by the Ocean: Mon, May 18, 09:00–10:00, Main Hall → Mon, May 18, 10:00–11:00, Main Hall',
    );
    expect(sent).toEqual([
      { method: 'POST', url: '/api/admin/programme/import', body: file, contentType: 'application/json' },
    ]);
    expect(versionRows()).toEqual(['v1']);

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Version 2 applied.');
    expect(sent[1]).toEqual({
      method: 'POST',
      url: '/api/admin/programme/import?apply=true',
      body: file,
      contentType: 'application/json',
    });
    await screen.findByRole('rowheader', { name: 'v2' });
    expect(versionRows()).toEqual(['v2', 'v1']);
    const newest = screen.getByRole('rowheader', { name: 'v2' }).closest('tr');
    expect(newest).toHaveTextContent('Olivia');
    expect(newest).toHaveTextContent('1 session changed, 1 session moved');
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
  });

  it('says so when the applied file changes nothing', async () => {
    serveProgramme({ changes: noChanges });
    const { user } = renderProgramme();

    await user.upload(await screen.findByLabelText('Programme file'), programmeFile());
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('region', { name: 'Preview' })).toHaveTextContent(
      'The file matches the programme: no session or speaker changes.',
    );
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing to change.');
    expect(versionRows()).toEqual(['v1']);
  });

  it("shows an invalid file's entry and field next to the file field", async () => {
    const message = "Session 'abc': date is not a time";
    serveProgramme({
      refuse: () => jsonResponse({ message, fieldErrors: { file: message } }, 422),
    });
    const { user } = renderProgramme();

    const input = await screen.findByLabelText('Programme file');
    await user.upload(input, programmeFile());
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message) as string);
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
  });

  it('lets support read the versions and nothing more', async () => {
    const { sent } = serveProgramme({ role: 'support' });
    renderProgramme();

    await screen.findByRole('rowheader', { name: 'v1' });
    expect(screen.getByRole('rowheader', { name: 'v1' }).closest('tr')).toHaveTextContent(
      '8 sessions added, 5 speakers added',
    );
    expect(screen.queryByLabelText('Programme file')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Speaker photos' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('is not in the door staff’s navigation', async () => {
    serveProgramme({ role: 'door' });
    renderProgramme();

    expect(await screen.findByRole('heading', { name: 'Not for your role' })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(navigation).queryByRole('link', { name: 'Programme' })).not.toBeInTheDocument();
  });

  it("uploads, replaces and removes a speaker's photo", async () => {
    const { sent } = serveProgramme();
    const { user } = renderProgramme();

    const photos = await screen.findByRole('list', { name: 'Speaker photos' });
    const marisol = within(photos).getByRole('listitem', { name: 'Marisol Quintero' });
    expect(within(marisol).queryByRole('img')).not.toBeInTheDocument();
    expect(marisol).toHaveTextContent('MQ');
    const image = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'marisol.png', { type: 'image/png' });
    await user.upload(within(marisol).getByLabelText('Upload photo of Marisol Quintero'), image);

    expect(await within(marisol).findByLabelText('Replace photo of Marisol Quintero')).toBeInTheDocument();
    expect(marisol.querySelector('img')).toHaveAttribute('src', '/media/speakers/marisol-quintero.webp');
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: '/api/admin/programme/speakers/marisol-quintero/photo',
        body: image,
        contentType: 'image/png',
      },
    ]);

    const kenji = within(photos).getByRole('listitem', { name: 'Kenji Watanabe' });
    await user.click(within(kenji).getByRole('button', { name: 'Remove photo of Kenji Watanabe' }));
    expect(await within(kenji).findByLabelText('Upload photo of Kenji Watanabe')).toBeInTheDocument();
    expect(kenji.querySelector('img')).toBeNull();
    expect(sent[1]).toMatchObject({ method: 'DELETE', url: '/api/admin/programme/speakers/kenji-watanabe/photo' });
  });

  it("shows the server's reason a photo was refused beside that speaker", async () => {
    const refusal = 'The photo is not a PNG, JPEG or WebP image.';
    serveProgramme({
      refuse: ({ method }) =>
        method === 'PUT' ? jsonResponse({ message: refusal, fieldErrors: { photo: refusal } }, 422) : undefined,
    });
    const { user } = renderProgramme();

    const photos = await screen.findByRole('list', { name: 'Speaker photos' });
    const marisol = within(photos).getByRole('listitem', { name: 'Marisol Quintero' });
    const input = within(marisol).getByLabelText('Upload photo of Marisol Quintero');
    await user.upload(input, new File(['GIF89a'], 'marisol.png', { type: 'image/png' }));

    expect(await within(marisol).findByRole('alert')).toHaveTextContent(refusal);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const kenji = within(photos).getByRole('listitem', { name: 'Kenji Watanabe' });
    expect(within(kenji).queryByRole('alert')).not.toBeInTheDocument();
  });
});
